'use client';

import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/states';

export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <ErrorNotice
      title="This page could not be shown"
      message="The dashboard hit an unexpected error. Your data is unchanged; try again."
      action={<Button variant="outline" size="sm" onClick={reset}>Try again</Button>}
    />
  );
}
