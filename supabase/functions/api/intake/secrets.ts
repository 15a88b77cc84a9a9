// Intake secrets: a link's token (32 random bytes in base64url; only its SHA-256 is stored, so it is
// shown once) and a student's code (8 characters of STUDENT_CODE_ALPHABET, stored as its SHA-256).
import { STUDENT_CODE_ALPHABET, STUDENT_CODE_LENGTH } from "../../_shared/intake.ts";
import { siteOrigin } from "../lib/site-origin.ts";

function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** A new link's raw token (43 characters) and the hash stored for it. */
export async function newIntakeToken(): Promise<{ token: string; hash: Uint8Array }> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, hash: await sha256(token) };
}

/** 32 random bytes in base64url: 43 characters. */
export const INTAKE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new student code, uniform over the alphabet (bytes past the last whole multiple are drawn again). */
export function newStudentCode(): string {
  const n = STUDENT_CODE_ALPHABET.length;
  const bound = 256 - (256 % n);
  let code = "";
  while (code.length < STUDENT_CODE_LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(16))) {
      if (b < bound && code.length < STUDENT_CODE_LENGTH) code += STUDENT_CODE_ALPHABET[b % n];
    }
  }
  return code;
}

/** The address a student opens for `token`. */
export const intakeUrl = (req: Request, token: string): string => `${siteOrigin(req)}/i/${token}`;
