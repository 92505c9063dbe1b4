'use client';

import { useQuery } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState, ErrorNotice, Skeleton } from '@/components/ui/states';
import { fileDownloadUrl, folderZipUrl } from '@/lib/api/files';
import type { HttpError } from '@/lib/api/http';
import { sortEntries, type SortState } from '@/lib/files/entries';
import { formatBytes } from '@/lib/format';
import { useUploadFiles } from '@/lib/hooks/use-upload-files';
import { browserDetailOptions } from '@/lib/queries/browsers';
import { fileListOptions } from '@/lib/queries/files';
import { normalizeSessionPath, parentSessionPath, sessionPathSchema, type FileInfo } from '@/lib/schemas/fs';
import { DeleteEntryDialog } from './delete-entry-dialog';
import { DropZone } from './drop-zone';
import { FileList } from './file-list';
import { FileToolbar } from './file-toolbar';
import { filesHref } from './files-href';
import { NewFolderDialog } from './new-folder-dialog';
import { UploadPanel } from './upload-panel';

function downloadFile(sessionId: string, entry: FileInfo) {
  const a = document.createElement('a');
  a.href = fileDownloadUrl(sessionId, entry.path);
  a.download = entry.name;
  document.body.append(a);
  a.click();
  a.remove();
}

/** The Files tab: one folder of the session at a time, addressed by ?path= so every folder can be linked. */
export function FilesPage({ sessionId }: { sessionId: string }) {
  const raw = useSearchParams().get('path') ?? '/';
  const checked = sessionPathSchema.safeParse(raw);
  const path = checked.success ? normalizeSessionPath(checked.data) : undefined;
  const session = useQuery(browserDetailOptions(sessionId));
  const list = useQuery({ ...fileListOptions(sessionId, path ?? '/'), enabled: path !== undefined });
  const [sort, setSort] = useState<SortState>({ key: 'name', dir: 'asc' });
  const entries = useMemo(() => (list.data ? sortEntries(list.data, sort) : []), [list.data, sort]);
  const names = useMemo(() => new Set(list.data?.map((e) => e.name)), [list.data]);
  const uploads = useUploadFiles(sessionId);
  const [deleting, setDeleting] = useState<FileInfo>();
  const [creating, setCreating] = useState(false);
  const [replacing, setReplacing] = useState<File[]>();
  const [cameFrom, setCameFrom] = useState<string>();
  const ended = !!session.data?.deleted_at;

  // pushState keeps the navigation client-side (no server round trip) and Next keeps useSearchParams in step.
  const navigate = useCallback(
    (to: string) => {
      setCameFrom(path);
      window.history.pushState(null, '', filesHref(to));
    },
    [path],
  );
  const goUp = () => {
    if (path && path !== '/') navigate(parentSessionPath(path));
  };
  const open = (entry: FileInfo) => (entry.is_dir ? navigate(entry.path) : downloadFile(sessionId, entry));

  async function runUpload(files: File[]) {
    if (!path) return;
    const { uploaded } = await uploads.upload(path, files);
    if (uploaded > 0) toast.success(`Uploaded ${uploaded} file${uploaded === 1 ? '' : 's'} to ${path}`);
  }
  function startUpload(files: File[]) {
    if (files.some((f) => names.has(f.name))) setReplacing(files);
    else void runUpload(files);
  }

  let body: ReactNode;
  if (!path) {
    body = (
      <ErrorNotice
        title="This path cannot be opened"
        message={`path: ${checked.error?.issues[0]?.message ?? 'is invalid'}`}
        action={<Button variant="outline" size="sm" onClick={() => navigate('/')}>Go to /</Button>}
      />
    );
  } else if (list.isError) {
    const err = list.error as HttpError;
    const gone = ended || /^browser session /.test(err.message);
    body = (
      <ErrorNotice
        title={gone ? 'This session has ended' : err.status === 404 ? 'This folder does not exist' : 'Could not list this folder'}
        message={err.message}
        action={
          gone ? (
            <Button asChild variant="outline" size="sm">
              <Link href="/browsers">All browsers</Link>
            </Button>
          ) : err.status === 404 || err.status === 400 ? (
            <Button variant="outline" size="sm" onClick={() => navigate('/')}>Go to /</Button>
          ) : (
            <Button variant="outline" size="sm" onClick={() => list.refetch()}>Retry</Button>
          )
        }
      />
    );
  } else if (list.isPending) {
    body = (
      <div className="grid gap-1.5 rounded-lg border bg-card p-3" aria-busy="true" aria-label="Loading folder">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-7" />
        ))}
      </div>
    );
  } else if (entries.length === 0) {
    body = (
      <EmptyState icon={<FolderOpen />} title="This folder is empty">
        Drop files here or use Upload to add some.
      </EmptyState>
    );
  } else {
    body = (
      <FileList
        key={path}
        sessionId={sessionId}
        path={path}
        entries={entries}
        select={cameFrom}
        sort={sort}
        onSort={setSort}
        onOpen={open}
        onUp={goUp}
        onDelete={setDeleting}
      />
    );
  }

  const dirs = list.data?.filter((e) => e.is_dir).length ?? 0;
  const files = (list.data?.length ?? 0) - dirs;
  const clashes = replacing?.filter((f) => names.has(f.name)).map((f) => f.name) ?? [];
  const bytes = useMemo(() => list.data?.reduce((sum, e) => sum + (e.is_dir ? 0 : e.size_bytes), 0) ?? 0, [list.data]);

  return (
    <section aria-label="Files" className="grid gap-3">
      <FileToolbar
        path={path ?? raw}
        zipUrl={path && list.isSuccess ? folderZipUrl(sessionId, path) : undefined}
        canGoUp={!!path && path !== '/'}
        canWrite={!!path && !ended && !list.isError}
        refreshing={list.isFetching}
        onNavigate={navigate}
        onUp={goUp}
        onRefresh={() => void list.refetch()}
        onNewFolder={() => setCreating(true)}
        onUpload={startUpload}
      />
      <DropZone target={path ?? raw} disabled={!path || ended || list.isError} onFiles={startUpload}>
        {body}
      </DropZone>
      {list.data ? (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {dirs.toLocaleString('en-US')} folder{dirs === 1 ? '' : 's'} · {files.toLocaleString('en-US')} file{files === 1 ? '' : 's'} · {formatBytes(bytes)}
        </p>
      ) : null}
      <UploadPanel items={uploads.items} onCancel={uploads.cancel} onClear={uploads.clear} />
      {deleting ? <DeleteEntryDialog sessionId={sessionId} entry={deleting} onClose={() => setDeleting(undefined)} /> : null}
      {creating && path ? (
        <NewFolderDialog
          sessionId={sessionId}
          parent={path}
          existing={names}
          onClose={() => setCreating(false)}
          onCreated={() => setCreating(false)}
        />
      ) : null}
      {replacing ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setReplacing(undefined)}
          title={`Replace ${clashes.length === 1 ? clashes[0] : `${clashes.length} files`}?`}
          description={`${clashes.join(', ')} already ${clashes.length === 1 ? 'exists' : 'exist'} in ${path}. Uploading replaces ${clashes.length === 1 ? 'it' : 'them'}.`}
          confirmLabel="Replace"
          onConfirm={() => {
            const files = replacing;
            setReplacing(undefined);
            void runUpload(files);
          }}
        />
      ) : null}
    </section>
  );
}
