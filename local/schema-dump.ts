// `tsx local/schema-dump.ts [--ref <git ref>] [--out <file>]`: builds a throwaway database from the migrations
// (of this checkout, or of <git ref>) as `npm start` does, and prints a sorted, diffable dump of what they made:
// schemas, tables and columns (types, defaults, privileges), constraints, indexes, functions (signature,
// security, search_path, volatility, privileges, exact body), triggers, policies, publications, extensions,
// default privileges, comments, and the rows migrations own (storage buckets, plans, cron jobs).
// `tsx local/schema-dump.ts --compare <git ref>` dumps <git ref> and this checkout and prints their diff
// (exit 1 when they differ). pg_dump is not used: the embedded Postgres ships no client tools.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import postgres from "postgres";

const root = resolve(import.meta.dirname, "..");

/** Schemas left out: the catalogs and the CLI's migration history (it names the files). */
const SKIP = `('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;

type Row = Record<string, unknown>;
const show = (v: unknown) => (v === null || v === undefined ? "-" : typeof v === "string" ? v : JSON.stringify(v));

/** The dump of the database at adminUrl (a superuser connection, so every schema is visible). */
export async function dumpSchema(adminUrl: string): Promise<string> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const out: string[] = [];
  const section = async (title: string, query: string, line: (r: Row) => string) => {
    const rows = await sql.unsafe<Row[]>(query);
    out.push(`\n===== ${title} (${rows.length})`);
    out.push(...rows.map(line).sort());
  };
  try {
    await section(
      "schemas",
      `select n.nspname, pg_get_userbyid(n.nspowner) as owner, n.nspacl::text as acl, obj_description(n.oid, 'pg_namespace') as comment
         from pg_namespace n where n.nspname not in ${SKIP} and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`,
      (r) => `schema ${r.nspname} owner=${r.owner} acl=${show(r.acl)} comment=${show(r.comment)}`,
    );
    await section(
      "extensions",
      `select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
      (r) => `extension ${r.extname} schema=${r.nspname}`,
    );
    await section(
      "relations",
      `select n.nspname, c.relname, c.relkind, pg_get_userbyid(c.relowner) as owner, c.relacl::text as acl,
              c.relrowsecurity, c.relforcerowsecurity, obj_description(c.oid, 'pg_class') as comment
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ${SKIP} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c')`,
      (r) =>
        `relation ${r.nspname}.${r.relname} kind=${r.relkind} owner=${r.owner} acl=${show(r.acl)} ` +
        `rls=${r.relrowsecurity} force_rls=${r.relforcerowsecurity} comment=${show(r.comment)}`,
    );
    await section(
      "columns (in table order)",
      `select n.nspname, c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull,
              pg_get_expr(d.adbin, d.adrelid) as def, a.attidentity, a.attgenerated, a.attacl::text as acl,
              col_description(c.oid, a.attnum) as comment
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname not in ${SKIP} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and a.attnum > 0 and not a.attisdropped`,
      (r) =>
        `column ${r.nspname}.${r.relname} #${String(r.attnum).padStart(3, "0")} ${r.attname} ${r.type}` +
        `${r.attnotnull ? " not null" : ""} default=${show(r.def)} identity=${show(r.attidentity || null)} ` +
        `generated=${show(r.attgenerated || null)} acl=${show(r.acl)} comment=${show(r.comment)}`,
    );
    await section(
      "constraints",
      `select n.nspname, c.relname, k.conname, pg_get_constraintdef(k.oid) as def, obj_description(k.oid, 'pg_constraint') as comment
         from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ${SKIP}`,
      (r) => `constraint ${r.nspname}.${r.relname} ${r.conname}: ${r.def} comment=${show(r.comment)}`,
    );
    await section(
      "indexes",
      `select n.nspname, i.relname, pg_get_indexdef(i.oid) as def
         from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
        where n.nspname not in ${SKIP}`,
      (r) => `index ${r.nspname}.${r.relname}: ${r.def}`,
    );
    await section(
      "types (composite, enum, domain, not of a table)",
      `select n.nspname, t.typname, t.typtype, pg_get_userbyid(t.typowner) as owner,
              (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname not in ${SKIP} and t.typtype in ('e', 'd', 'c')
          and (t.typrelid = 0 or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`,
      (r) => `type ${r.nspname}.${r.typname} kind=${r.typtype} owner=${r.owner} labels=${show(r.labels)}`,
    );
    await section(
      "functions (not of extensions)",
      `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_function_arguments(p.oid) as full_args,
              pg_get_function_result(p.oid) as result, p.prokind, l.lanname, p.prosecdef, p.provolatile, p.proleakproof,
              p.proisstrict, p.proconfig::text as config, pg_get_userbyid(p.proowner) as owner, p.proacl::text as acl,
              p.prosrc, obj_description(p.oid, 'pg_proc') as comment
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
        where n.nspname not in ${SKIP}
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
      (r) =>
        `function ${r.nspname}.${r.proname}(${r.args}) full=(${r.full_args}) returns ${r.result} kind=${r.prokind} ` +
        `lang=${r.lanname} secdef=${r.prosecdef} volatility=${r.provolatile} leakproof=${r.proleakproof} strict=${r.proisstrict} ` +
        `config=${show(r.config)} owner=${r.owner} acl=${show(r.acl)} comment=${show(r.comment)}\n    body=${JSON.stringify(r.prosrc)}`,
    );
    await section(
      "triggers",
      `select n.nspname, c.relname, t.tgname, pg_get_triggerdef(t.oid) as def, t.tgenabled
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and n.nspname not in ${SKIP}`,
      (r) => `trigger ${r.nspname}.${r.relname} ${r.tgname} enabled=${r.tgenabled}: ${r.def}`,
    );
    await section(
      "policies",
      `select schemaname, tablename, policyname, permissive, roles::text as roles, cmd, qual, with_check from pg_policies`,
      (r) =>
        `policy ${r.schemaname}.${r.tablename} "${r.policyname}" ${r.permissive} roles=${r.roles} cmd=${r.cmd}\n` +
        `    using=${show(r.qual)}\n    check=${show(r.with_check)}`,
    );
    await section(
      "publications",
      `select p.pubname, p.puballtables, p.pubinsert, p.pubupdate, p.pubdelete, p.pubtruncate,
              (select string_agg(t.schemaname || '.' || t.tablename, ',' order by 1, 2) from pg_publication_tables t where t.pubname = p.pubname) as tables
         from pg_publication p`,
      (r) =>
        `publication ${r.pubname} all=${r.puballtables} ins=${r.pubinsert} upd=${r.pubupdate} del=${r.pubdelete} ` +
        `trunc=${r.pubtruncate} tables=${show(r.tables)}`,
    );
    await section(
      "default privileges",
      `select pg_get_userbyid(d.defaclrole) as role, coalesce(n.nspname, '*') as nspname, d.defaclobjtype, d.defaclacl::text as acl
         from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
      (r) => `default acl for ${r.role} in ${r.nspname} on ${r.defaclobjtype}: ${r.acl}`,
    );
    await section(
      "event triggers",
      `select evtname, evtevent, evtfoid::regproc::text as fn, evtenabled, evttags::text as tags from pg_event_trigger`,
      (r) => `event trigger ${r.evtname} on ${r.evtevent} ${r.fn} enabled=${r.evtenabled} tags=${show(r.tags)}`,
    );
    await section(
      "rows: storage.buckets",
      `select id, name, owner, public, avif_autodetection, file_size_limit, allowed_mime_types::text as types from storage.buckets`,
      (r) =>
        `bucket ${r.id} name=${r.name} owner=${show(r.owner)} public=${r.public} avif=${show(r.avif_autodetection)} ` +
        `limit=${show(r.file_size_limit)} types=${show(r.types)}`,
    );
    await section(
      "rows: public.subscription_plans",
      `select to_jsonb(p) - 'created_at' as row from public.subscription_plans p`,
      (r) => `plan ${JSON.stringify(r.row)}`,
    );
    await section(
      "rows: public.blog_posts (seed)",
      `select slug, category, is_published, md5(content) as content from public.blog_posts`,
      (r) => `post ${r.slug} ${r.category} published=${r.is_published} content=${r.content}`,
    );
    const cron = await sql`select to_regclass('cron.job') is not null as present`;
    if (cron[0]?.present) {
      await section(
        "rows: cron.job",
        `select jobname, schedule, command from cron.job`,
        (r) => `cron ${r.jobname} ${r.schedule} ${JSON.stringify(r.command)}`,
      );
    } else {
      out.push("\n===== rows: cron.job (pg_cron not installed here)");
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return `${out.join("\n").trimStart()}\n`;
}

/** Builds a throwaway database from the migrations of `ref` (a git ref; undefined = this checkout) and dumps it. */
export async function dumpMigrations(ref?: string): Promise<string> {
  const { startDatabase } = await import("./db.ts");
  const { freePorts } = await import("./free-port.ts");
  const dataDir = await mkdtemp(join(tmpdir(), "essay-schema-dump-"));
  let projectDir: string | undefined;
  try {
    if (ref) {
      projectDir = join(dataDir, "project");
      const archive = spawnSync(
        "sh",
        ["-c", `mkdir -p "$2" && git -C "$1" archive "$3" supabase | tar -x -C "$2"`, "sh", root, projectDir, ref],
        {
          encoding: "utf8",
        },
      );
      if (archive.status !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr.trim()}`);
    }
    const [port] = await freePorts(1);
    const db = await startDatabase({ dataDir, port, projectDir });
    try {
      return await dumpSchema(db.adminUrl);
    } finally {
      await db.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const compare = opt("--compare");
  if (compare) {
    const dir = await mkdtemp(join(tmpdir(), "essay-schema-compare-"));
    const before = join(dir, `before-${compare.replace(/[^\w.-]/g, "_")}.txt`);
    const after = join(dir, "after-worktree.txt");
    await writeFile(before, await dumpMigrations(compare));
    await writeFile(after, await dumpMigrations());
    const diff = spawnSync("diff", ["-u", before, after], { encoding: "utf8" });
    process.stdout.write(diff.stdout);
    console.error(diff.status === 0 ? `identical (${before}, ${after})` : `differences above (${before}, ${after})`);
    process.exit(diff.status === 0 ? 0 : 1);
  }
  const text = await dumpMigrations(opt("--ref"));
  const out = opt("--out");
  if (out) await writeFile(out, text);
  else process.stdout.write(text);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
