import type { Page } from '@playwright/test';
import { engineInfo, expect, test, uniqueName } from './fixtures';

const terminal = (page: Page) => page.getByRole('log', { name: 'Process output' });
const state = (page: Page) => page.getByTestId('process-state');

/** Runs a command from the Processes tab's form; the dashboard then opens its console. */
async function runFromForm(page: Page, sessionId: string, command: string, args: string[] = []): Promise<string> {
  await page.goto(`/browsers/${sessionId}/processes`);
  await page.getByLabel('Command', { exact: true }).fill(command);
  await page.getByLabel('Arguments').fill(args.join('\n'));
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page).toHaveURL(new RegExp(`/browsers/${sessionId}/processes/[0-9a-f-]{36}$`));
  // Live, or already complete for a command that ends at once.
  await expect(page.getByRole('status').filter({ hasText: /Live|Output complete/ })).toBeVisible();
  return page.url().split('/').pop()!;
}

/** The engine's count of open stdout streams to one process (its own listing carries it). */
async function engineStreams(sessionId: string, processId: string): Promise<number | undefined> {
  const info = engineInfo();
  const res = await fetch(`${info.base_url}/browsers/${sessionId}/process?limit=100`, { headers: { authorization: `Bearer ${info.api_key}` } });
  const list = (await res.json()) as { process_id: string; streams: number }[];
  return list.find((p) => p.process_id === processId)?.streams;
}

test('output appears line by line as it is printed, then the exit code', async ({ page, session, api }) => {
  const s = await session();
  const gate = `/tmp/${uniqueName('go')}`;
  // The lines start only once the console is connected, so what it shows is live output, not a replay.
  const script = `while [ ! -e ${gate} ]; do sleep 0.05; done; for i in 1 2 3 4 5; do echo "line $i"; sleep 0.2; done; exit 3`;
  await runFromForm(page, s.session_id, 'sh', ['-c', script]);
  await expect(state(page)).toHaveText(/running/);
  await api.browsers.process.exec(s.session_id, { command: 'touch', args: [gate] });

  const seen: string[] = [];
  await expect
    .poll(
      async () => {
        const text = (await terminal(page).textContent()) ?? '';
        seen.push(text);
        return text.includes('line 5');
      },
      { intervals: [50] },
    )
    .toBe(true);
  expect(seen.some((t) => t.includes('line 1') && !t.includes('line 5'))).toBe(true);
  const final = seen.at(-1)!;
  const positions = [1, 2, 3, 4, 5].map((i) => final.indexOf(`line ${i}`));
  expect(positions).toEqual([...positions].sort((a, b) => a - b));

  await expect(state(page)).toHaveText('exit code 3');
  await expect(page.getByRole('status').filter({ hasText: 'Output complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Processes', exact: true }).first().click();
  const row = page.locator('tr', { hasText: 'line $i' });
  await expect(row.getByTestId('process-state')).toHaveText('exit code 3');
});

test('cat echoes what is typed into standard input, and EOF ends it', async ({ page, session }) => {
  const s = await session();
  await runFromForm(page, s.session_id, 'cat');
  const line = `hello from the console ${uniqueName('é')}`;
  await page.getByLabel('Standard input').fill(line);
  await page.getByLabel('Standard input').press('Enter');
  await expect(page.getByText(`Wrote ${Buffer.byteLength(`${line}\n`)} bytes`)).toBeVisible();
  await expect(terminal(page)).toContainText(line);
  await expect(page.getByLabel('Standard input')).toHaveValue('');
  await page.getByRole('button', { name: 'Send EOF' }).click();
  await expect(state(page)).toHaveText('exit code 0');
  await expect(page.getByLabel('Standard input')).toBeDisabled();
});

test('coloured output renders in colour and stderr stands apart', async ({ page, session, playwright }) => {
  const s = await session();
  const processId = await runFromForm(page, s.session_id, 'sh', ['-c', "printf '\\033[31mred alert\\033[0m then plain\\n'; echo 'trouble on stderr' >&2"]);
  await expect(state(page)).toHaveText('exit code 0');
  const out = terminal(page);
  await expect(out.locator('span', { hasText: 'red alert' })).toHaveCSS('color', 'rgb(239, 83, 80)');
  await expect(out.locator('span', { hasText: 'then plain' })).toHaveCSS('color', 'rgb(215, 218, 224)');
  await expect(out.locator('span', { hasText: 'trouble on stderr' })).toHaveCSS('color', 'rgb(255, 175, 0)');

  // The relay streams unbuffered and uncompressed on the production build, and only for a logged-in operator.
  const url = `/api/browsers/${s.session_id}/processes/${processId}/stream`;
  const res = await page.request.get(url, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(res.headers()).toMatchObject({ 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
  expect(res.headers()['content-encoding']).toBeUndefined();
  expect(await res.text()).toMatch(/data: \{"event":"exit","exit_code":0\}\n\n$/);
  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: { cookies: [], origins: [] } });
  expect((await anonymous.get(url)).status()).toBe(401);
  expect((await page.request.get(`/api/browsers/${s.session_id}/processes/not-a-process/stream`)).status()).toBe(400);
  await anonymous.dispose();
});

test('kill stops a sleep 1000 with the chosen signal', async ({ page, session, api }) => {
  const s = await session();
  const processId = await runFromForm(page, s.session_id, 'sleep', ['1000']);
  await expect(state(page)).toHaveText(/running/);
  await page.getByLabel('Signal').selectOption('INT');
  await page.getByRole('button', { name: 'Kill' }).click();
  await expect(state(page)).toHaveText('killed (exit code -1)');
  expect(await api.browsers.process.status(processId, { id: s.session_id })).toMatchObject({ state: 'exited', exit_code: -1 });
  await expect(page.getByRole('button', { name: 'Kill' })).toBeDisabled();
});

test('closing the tab ends the stream to the engine', async ({ context, session, api }) => {
  const s = await session();
  const { process_id: processId } = await api.browsers.process.spawn(s.session_id, { command: 'sleep', args: ['1000'] });
  const tab = await context.newPage();
  // A deep link straight to the process's console.
  await tab.goto(`/browsers/${s.session_id}/processes/${processId}`);
  await expect(tab.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await expect.poll(() => engineStreams(s.session_id, processId!)).toBe(1);
  await tab.close();
  await expect.poll(() => engineStreams(s.session_id, processId!)).toBe(0);
  await api.browsers.process.kill(processId!, { id: s.session_id, signal: 'KILL' });
});
