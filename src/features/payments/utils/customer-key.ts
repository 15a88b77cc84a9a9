/** A random Toss customerKey (2–300 of [A-Za-z0-9-_=.@]), derived from the timestamp plus randomness. */
export function newCustomerKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const rand = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `customer_${Date.now()}_${rand}`;
}
