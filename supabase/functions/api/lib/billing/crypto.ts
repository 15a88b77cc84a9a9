// The Toss billing key at rest: AES-256-GCM under a key derived (SHA-256) from BILLING_KEY_SECRET,
// a random 96-bit IV per encryption, the billing account id as additional data (a ciphertext moved
// to another account does not decrypt). Stored as `v1.<base64 iv>.<base64 ciphertext+tag>`.
const encoder = new TextEncoder();

async function aesKey(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`billing-key:v1:${secret}`));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export async function encryptBillingKey(secret: string, accountId: string, billingKey: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(accountId) },
    await aesKey(secret),
    encoder.encode(billingKey),
  );
  return `v1.${b64(iv)}.${b64(new Uint8Array(ct))}`;
}

/** The billing key, or an Error when the value was not made by encryptBillingKey with this secret and account. */
export async function decryptBillingKey(secret: string, accountId: string, stored: string): Promise<string> {
  const [version, iv, ct] = stored.split(".");
  if (version !== "v1" || !iv || !ct) throw new Error("unknown billing key format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: unb64(iv), additionalData: encoder.encode(accountId) },
    await aesKey(secret),
    unb64(ct),
  );
  return new TextDecoder().decode(plain);
}
