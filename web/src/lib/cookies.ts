export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Spec §3: the masquerade flag is true when the is_masquerade cookie's value is the string "true". */
export const isMasquerading = () => readCookie('is_masquerade') === 'true';
