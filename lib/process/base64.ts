/** Base64 for bytes in the browser and on the server alike (btoa/atob only ever see Latin-1 byte strings). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

type WithFromBase64 = { fromBase64?: (s: string) => Uint8Array };

export function base64ToBytes(b64: string): Uint8Array {
  // Native where the runtime has it (recent browsers), else atob.
  const native = (Uint8Array as unknown as WithFromBase64).fromBase64;
  if (native) return native(b64);
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const encoder = new TextEncoder();

/** Text as UTF-8 bytes in base64: what stdin expects for typed input. */
export function textToBase64(text: string): string {
  return bytesToBase64(encoder.encode(text));
}
