// The client address is the X-Forwarded-For entry the outermost trusted
// proxy appended (TRUSTED_PROXY_HOPS from the right); what the client wrote further left is ignored.
import { describe, expect, it } from "vitest";
import { clientAddressFrom } from "../../supabase/functions/api/lib/rate-limit.ts";

describe("clientAddressFrom", () => {
  it("takes the rightmost entry with one trusted hop, whatever the client prepends", () => {
    expect(clientAddressFrom("9.9.9.9", 1)).toBe("9.9.9.9");
    expect(clientAddressFrom("127.0.0.1, 9.9.9.9", 1)).toBe("9.9.9.9");
    expect(clientAddressFrom("1.1.1.1, 2.2.2.2,  9.9.9.9 ", 1)).toBe("9.9.9.9");
  });

  it("counts hops from the right and falls back to the leftmost when there are fewer entries", () => {
    expect(clientAddressFrom("forged, 203.0.113.7, 10.0.0.1", 2)).toBe("203.0.113.7");
    expect(clientAddressFrom("127.0.0.1", 2)).toBe("127.0.0.1");
  });

  it("answers 'unknown' without a header and bounds hostile headers", () => {
    expect(clientAddressFrom(null, 1)).toBe("unknown");
    expect(clientAddressFrom(" , ,", 1)).toBe("unknown");
    const huge = "1.2.3.4, ".repeat(200_000) + "x".repeat(500);
    expect(clientAddressFrom(huge, 1)).toHaveLength(100);
  });
});
