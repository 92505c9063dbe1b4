import Link from 'next/link';
import { EmptyState } from '@/components/ui/states';

export default function NotFound() {
  return (
    <EmptyState title="Not found" action={<Link className="text-sm text-primary underline" href="/browsers">Back to browsers</Link>}>
      Nothing lives at this address, or it belongs to another organization.
    </EmptyState>
  );
}
