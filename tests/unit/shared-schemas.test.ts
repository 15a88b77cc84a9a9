import { describe, expect, it } from "vitest";
import {
  loginSchema,
  planIdSchema,
  planSelectionSchema,
  registerRequestSchema,
  registerSchema,
  toRegisterRequest,
} from "@shared/schemas.ts";
import { GUEST_FREE_USES, DEFAULT_PLAN_ID, PLAN_IDS } from "@shared/plans.ts";

const valid = {
  username: "kim_teacher1",
  email: "kim@example.com",
  displayName: "김선생",
  password: "secret1",
  confirmPassword: "secret1",
};

type Schema = { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };

function issues(schema: Schema, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

function messagesFor(schema: Schema, value: unknown, field: string) {
  return issues(schema, value)
    .filter((i) => i.path === field)
    .map((i) => i.message);
}

describe("loginSchema", () => {
  it("accepts any non-empty username and password", () => {
    expect(loginSchema.safeParse({ username: "a", password: "b" }).success).toBe(true);
  });

  it("rejects an empty username with 사용자명을 입력해주세요", () => {
    expect(messagesFor(loginSchema, { username: "", password: "x" }, "username")).toEqual(["사용자명을 입력해주세요"]);
  });

  it("rejects an empty password with 비밀번호를 입력해주세요", () => {
    expect(messagesFor(loginSchema, { username: "x", password: "" }, "password")).toEqual(["비밀번호를 입력해주세요"]);
  });

  it("reports missing fields in Korean", () => {
    expect(issues(loginSchema, {}).map((i) => i.message)).toEqual(["사용자명을 입력해주세요", "비밀번호를 입력해주세요"]);
  });
});

describe("registerSchema (form)", () => {
  it("accepts a valid registration", () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["ab", "사용자명은 최소 3자 이상이어야 합니다"],
    ["a".repeat(51), "사용자명은 최대 50자까지 가능합니다"],
  ])("rejects the username %j", (username, message) => {
    expect(messagesFor(registerSchema, { ...valid, username }, "username")).toEqual([message]);
  });

  it("accepts usernames of exactly 3 and 50 characters", () => {
    expect(messagesFor(registerSchema, { ...valid, username: "abc" }, "username")).toEqual([]);
    expect(messagesFor(registerSchema, { ...valid, username: "a".repeat(50) }, "username")).toEqual([]);
  });

  it.each(["kim-teacher", "kim teacher", "김선생님", "kim.t", "user@x", "abc!"])(
    "rejects the username %j with the allowed-characters message",
    (username) => {
      expect(messagesFor(registerSchema, { ...valid, username }, "username")).toEqual([
        "사용자명은 영문, 숫자, 언더스코어만 사용 가능합니다",
      ]);
    },
  );

  it("accepts letters, digits and underscores", () => {
    expect(messagesFor(registerSchema, { ...valid, username: "A_b_9_Z" }, "username")).toEqual([]);
  });

  it.each(["", "kim", "kim@", "@example.com", "kim@example", "kim example@x.com"])(
    "rejects the email %j with 올바른 이메일 주소를 입력해주세요",
    (email) => {
      expect(messagesFor(registerSchema, { ...valid, email }, "email")).toEqual(["올바른 이메일 주소를 입력해주세요"]);
    },
  );

  it("accepts a displayName of 100 characters and rejects 101", () => {
    expect(messagesFor(registerSchema, { ...valid, displayName: "가".repeat(100) }, "displayName")).toEqual([]);
    expect(messagesFor(registerSchema, { ...valid, displayName: "가".repeat(101) }, "displayName")).toEqual([
      "표시 이름은 최대 100자까지 가능합니다",
    ]);
  });

  it("treats displayName as optional", () => {
    const { displayName: _omit, ...rest } = valid;
    expect(registerSchema.safeParse(rest).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, displayName: "" }).success).toBe(true);
  });

  it("accepts passwords of 6 and 100 characters", () => {
    for (const password of ["x".repeat(6), "x".repeat(100)]) {
      expect(registerSchema.safeParse({ ...valid, password, confirmPassword: password }).success).toBe(true);
    }
  });

  it("rejects a 5-character password with 비밀번호는 최소 6자 이상이어야 합니다", () => {
    const password = "x".repeat(5);
    expect(messagesFor(registerSchema, { ...valid, password, confirmPassword: password }, "password")).toEqual([
      "비밀번호는 최소 6자 이상이어야 합니다",
    ]);
  });

  it("rejects a 101-character password with 비밀번호는 최대 100자까지 가능합니다", () => {
    const password = "x".repeat(101);
    expect(messagesFor(registerSchema, { ...valid, password, confirmPassword: password }, "password")).toEqual([
      "비밀번호는 최대 100자까지 가능합니다",
    ]);
  });

  it("reports a password mismatch on confirmPassword", () => {
    const result = issues(registerSchema, { ...valid, confirmPassword: "secret2" });
    expect(result).toEqual([{ path: "confirmPassword", message: "비밀번호가 일치하지 않습니다" }]);
  });

  it("builds the request payload without confirmPassword and without an empty displayName", () => {
    expect(toRegisterRequest({ ...valid, displayName: "" })).toEqual({
      username: valid.username,
      email: valid.email,
      password: valid.password,
    });
    expect("displayName" in toRegisterRequest({ ...valid, displayName: "" })).toBe(false);
    expect(toRegisterRequest(valid)).toEqual({
      username: valid.username,
      email: valid.email,
      password: valid.password,
      displayName: "김선생",
    });
  });
});

describe("registerRequestSchema (server)", () => {
  const body = { username: "kim_teacher1", email: "kim@example.com", password: "secret1" };

  it("accepts a body without confirmPassword", () => {
    expect(registerRequestSchema.safeParse(body).success).toBe(true);
  });

  it("drops an empty displayName", () => {
    const r = registerRequestSchema.safeParse({ ...body, displayName: "" });
    expect(r.success).toBe(true);
    expect(r.data?.displayName).toBeUndefined();
    expect(JSON.parse(JSON.stringify(r.data))).toEqual(body);
  });

  it("keeps a non-empty displayName", () => {
    expect(registerRequestSchema.parse({ ...body, displayName: "김" }).displayName).toBe("김");
  });

  it("strips unknown keys such as isAdmin", () => {
    const parsed = registerRequestSchema.parse({ ...body, isAdmin: 1, is_admin: true });
    expect(parsed).not.toHaveProperty("isAdmin");
    expect(parsed).not.toHaveProperty("is_admin");
  });

  it("applies the same rules and messages as the form", () => {
    expect(issues(registerRequestSchema, { ...body, username: "ab" })[0].message).toBe("사용자명은 최소 3자 이상이어야 합니다");
    expect(issues(registerRequestSchema, { ...body, email: "nope" })[0].message).toBe("올바른 이메일 주소를 입력해주세요");
    expect(issues(registerRequestSchema, { ...body, password: "12345" })[0].message).toBe("비밀번호는 최소 6자 이상이어야 합니다");
    expect(issues(registerRequestSchema, { ...body, displayName: "a".repeat(101) })[0].message).toBe(
      "표시 이름은 최대 100자까지 가능합니다",
    );
  });

  it("reports missing or mistyped fields in Korean", () => {
    expect(issues(registerRequestSchema, {}).map((i) => i.message)).toEqual([
      "사용자명은 최소 3자 이상이어야 합니다",
      "올바른 이메일 주소를 입력해주세요",
      "비밀번호는 최소 6자 이상이어야 합니다",
    ]);
    expect(issues(registerRequestSchema, { ...body, username: 123 })[0].message).toBe("사용자명은 최소 3자 이상이어야 합니다");
    expect(issues(registerRequestSchema, [])[0].message).toBe("입력 정보를 다시 확인해 주세요.");
  });
});

describe("plans", () => {
  it("knows the four plan ids and rejects others with 플랜을 찾을 수 없습니다.", () => {
    for (const id of ["trial", "individual", "educator", "business"]) expect(planIdSchema.parse(id)).toBe(id);
    expect(issues(planIdSchema, "premium")[0].message).toBe("플랜을 찾을 수 없습니다.");
    expect(issues(planSelectionSchema, { planId: "gold" })[0].message).toBe("플랜을 찾을 수 없습니다.");
  });

  it("has the constants of docs/product.md#limits", () => {
    expect(PLAN_IDS).toEqual(["trial", "individual", "educator", "business"]);
    expect(GUEST_FREE_USES).toBe(3);
    expect(DEFAULT_PLAN_ID).toBe("trial");
  });
});
