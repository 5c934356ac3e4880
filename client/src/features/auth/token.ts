/** Decodes the payload of a JWT (base64url JSON) without a library. Returns null when it cannot be decoded. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const decoded: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)
      ? (decoded as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A token is valid unless its decoded expiry (`exp`, seconds since the epoch) has passed.
 * An undecodable token, or one without a numeric `exp`, counts as valid (spec section 4).
 */
export function isTokenValid(token: string, now: number): boolean {
  const exp = decodeJwtPayload(token)?.['exp'];
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp * 1000 > now;
}
