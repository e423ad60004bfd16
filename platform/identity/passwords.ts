import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults: m = 19 MiB, t = 2, p = 1 — OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Checked against when the account does not exist, so a wrong account costs the same time as a
// wrong password and timing tells nothing.
const decoy = hash("decoy-password-1");

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
