import { Button } from './button';

/** Previous/next over the API's offset pagination, with the range shown. */
export function Pager({
  offset,
  count,
  pageSize,
  hasMore,
  nextOffset,
  onOffset,
}: {
  offset: number;
  count: number;
  pageSize: number;
  hasMore: boolean;
  nextOffset: number | null | undefined;
  onOffset: (offset: number) => void;
}) {
  return (
    <div className="flex items-center justify-between text-sm text-muted-foreground">
      <span>{count === 0 ? 'Nothing on this page' : `${offset + 1}–${offset + count}`}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => onOffset(nextOffset ?? offset + pageSize)}>
          Next
        </Button>
      </div>
    </div>
  );
}
