/** The deep link of a folder, keeping "/" readable: ?path=/downloads/reports. */
export function filesHref(path: string): string {
  return `?path=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}
