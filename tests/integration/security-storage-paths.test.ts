// Security: storage object paths are decided by the server only. Users cannot write the path
// columns, and the service role never reads or deletes a path outside `<owner>/<session>/<role>-<uuid>.<ext>`
// of the row's owner, even when such a path is planted in the database.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { fileOf, KOREAN_ESSAY, makePng, utf8 } from "../helpers/files.ts";
import { fakeLlmRequests, rlsVerdict, waitForEnd } from "../helpers/grading.ts";

const sql = () => testSql();

/** A picture only the victim uploaded (odd size, so its base64 is unique in the fake LLM's log). */
const VICTIM_PNG = makePng(37, 23);
const VICTIM_PNG_B64 = VICTIM_PNG.toString("base64");

/** Everything the model was sent, with the base64 images decoded too. */
async function everythingSentToTheModel(): Promise<string> {
  const parts: string[] = [];
  for (const r of await fakeLlmRequests()) {
    parts.push(r.user);
    for (const m of r.user.matchAll(/base64,([A-Za-z0-9+/=]+)/g)) parts.push(Buffer.from(m[1], "base64").toString("latin1"));
  }
  return parts.join("\n");
}

async function newSession(user: TestUser, prompt: { data: Buffer; name: string }, criteria?: { data: Buffer; name: string }) {
  const form = new FormData();
  form.append("promptFile", fileOf(prompt.data, prompt.name));
  if (criteria) form.append("criteriaFile", fileOf(criteria.data, criteria.name));
  const res = await api("/sessions", { token: user.token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; promptFilePath: string; criteriaFilePath: string | null };
}

async function objectExists(name: string): Promise<boolean> {
  const [row] = await sql()`select count(*)::int as n from storage.objects where bucket_id = 'essays' and name = ${name}`;
  return row.n === 1;
}

let victim: TestUser;
let attacker: TestUser;
let victimSession: { id: string; promptFilePath: string; criteriaFilePath: string | null };

beforeAll(async () => {
  [victim, attacker] = await Promise.all([createMember(), createMember()]);
  victimSession = await newSession(
    victim,
    { data: VICTIM_PNG, name: "문제.png" },
    { data: utf8("논리 40점, 근거 30점, 표현 30점"), name: "기준.txt" },
  );
  expect(victimSession.promptFilePath.startsWith(`${victim.user.id}/`)).toBe(true);
});

afterAll(async () => {
  await closeTestSql();
});

describe("users cannot write storage paths (PostgREST as role authenticated)", () => {
  const traversal = () => `../../../../../auth/v1/admin/users/${victim.user.id}`;

  it("refuses updating a session's prompt/criteria file path to another user's object or a traversal path", async () => {
    const own = await newSession(attacker, { data: utf8("다음 제시문을 읽고 논술하시오."), name: "문제.txt" });
    for (const path of [victimSession.promptFilePath, traversal()]) {
      expect(
        await rlsVerdict(attacker, (tx) => tx`update public.analysis_sessions set prompt_file_path = ${path} where id = ${own.id}`),
      ).toBe("denied");
      expect(
        await rlsVerdict(attacker, (tx) => tx`update public.analysis_sessions set criteria_file_path = ${path} where id = ${own.id}`),
      ).toBe("denied");
    }
    const [row] = await sql()`select prompt_file_path from public.analysis_sessions where id = ${own.id}`;
    expect(row.prompt_file_path).toBe(own.promptFilePath);
  });

  it("refuses inserting a session or a submission that carries a file path", async () => {
    const own = await newSession(attacker, { data: utf8("다음 제시문을 읽고 논술하시오."), name: "문제.txt" });
    expect(
      await rlsVerdict(
        attacker,
        (tx) => tx`
      insert into public.analysis_sessions (user_id, prompt_content, prompt_file_path)
      values (${attacker.user.id}, '문제', ${victimSession.promptFilePath})`,
      ),
    ).toBe("denied");
    expect(
      await rlsVerdict(
        attacker,
        (tx) => tx`
      insert into public.essay_submissions (session_id, user_id, essay_content, essay_file_path)
      values (${own.id}, ${attacker.user.id}, '', ${traversal()})`,
      ),
    ).toBe("denied");
    expect(
      await rlsVerdict(
        attacker,
        (tx) => tx`
      update public.essay_submissions set essay_file_path = ${victimSession.promptFilePath} where user_id = ${attacker.user.id}`,
      ),
    ).toBe("denied");
  });
});

describe("the server never acts on a planted path", () => {
  it("deleting a session or an answer whose rows point at another user's objects leaves those objects alone", async () => {
    const own = await newSession(attacker, { data: utf8("다음 제시문을 읽고 논술하시오."), name: "문제.txt" });
    const ownObject = own.promptFilePath;
    const sub = await api(`/sessions/${own.id}/submissions`, { token: attacker.token, json: { essayContent: KOREAN_ESSAY } });
    expect(sub.status).toBe(201);
    await waitForEnd(sub.body.id);

    // Planted with the privileged connection (as if a path had got into the database somehow).
    await sql()`update public.essay_submissions set essay_file_path = ${victimSession.criteriaFilePath} where id = ${sub.body.id}`;
    const del = await api(`/submissions/${sub.body.id}`, { method: "DELETE", token: attacker.token });
    expect(del.status).toBe(200);
    expect(await objectExists(victimSession.criteriaFilePath!)).toBe(true);

    await sql()`update public.analysis_sessions
                   set prompt_file_path = ${victimSession.promptFilePath}, criteria_file_path = ${victimSession.criteriaFilePath}
                 where id = ${own.id}`;
    const gone = await api(`/sessions/${own.id}`, { method: "DELETE", token: attacker.token });
    expect(gone.status).toBe(200);
    expect(await objectExists(victimSession.promptFilePath)).toBe(true);
    expect(await objectExists(victimSession.criteriaFilePath!)).toBe(true);
    // The attacker's own object was not referenced any more; it is untouched too (no guessing of paths).
    expect(await objectExists(ownObject)).toBe(true);
  });

  it("the worker does not read another user's object named as a session's prompt image", async () => {
    const own = await newSession(attacker, { data: utf8("다음 제시문을 읽고 논술하시오."), name: "문제.txt" });
    await sql()`update public.analysis_sessions
                   set prompt_file_path = ${victimSession.promptFilePath}, prompt_mime_type = 'image/png', prompt_content = ''
                 where id = ${own.id}`;
    const sub = await api(`/sessions/${own.id}/submissions`, {
      token: attacker.token,
      json: { essayContent: `${KOREAN_ESSAY}\n[[llm:ok:planted-prompt]]` },
    });
    expect(sub.status).toBe(201);
    const row = await waitForEnd(sub.body.id);
    expect(row.status).toBe("error");
    expect(row.progress_message).toMatch(/[가-힣]/);
    expect(await everythingSentToTheModel()).not.toContain(VICTIM_PNG_B64);
    expect(row.usage_charged).toBe(false); // nothing was graded: the use is given back
  });

  it("the worker does not follow a traversal path to an Auth admin endpoint with the service key", async () => {
    const own = await newSession(attacker, { data: utf8("다음 제시문을 읽고 논술하시오."), name: "문제.txt" });
    const id = randomUUID();
    await sql()`select private.reserve_usage(${attacker.user.id}::uuid, 1, null, null, 100000, 100000)`;
    await sql()`
      insert into public.essay_submissions
        (id, session_id, user_id, essay_content, essay_file_path, essay_mime_type, usage_charged,
         usage_period_start)
      values (${id}, ${own.id}, ${attacker.user.id}, '',
              ${`../../../../../auth/v1/admin/users/${victim.user.id}`}, 'image/png', true,
              (select period_start from private.current_period()))`;
    const row = await waitForEnd(id);
    expect(row.status).toBe("error");
    const sent = await everythingSentToTheModel();
    expect(sent).not.toContain(victim.user.id);
    expect(sent).not.toContain(victim.email!);
  });
});
