// SQL fragments over a caller's answers (`e` = essay_submissions, `r` = analysis_results) that the
// submission list, the session counts, the report and the CSV share.
import type postgres from "postgres";

type Sql = postgres.Sql | postgres.TransactionSql;

/**
 * The scores as shown (`r` = analysis_results): the teacher's reviewed total and category scores when
 * a review was saved, else the grader's. The list, the report and the CSV agree on them.
 */
export const SHOWN_SCORES = (sql: Sql) =>
  sql`case when jsonb_typeof(r.review -> 'categoryScores') = 'array'
           then coalesce((r.review ->> 'overallScore')::numeric, r.overall_score) else r.overall_score end as overall_score,
      r.max_score,
      case when jsonb_typeof(r.review -> 'categoryScores') = 'array'
           then r.review -> 'categoryScores' else r.category_scores end as category_scores`;

/**
 * Staged batch items (uploaded, not started) are `pending` with no reserved use; lists hide them.
 * Sample answers (`is_sample`) hold no use either but are queued, so they are listed.
 */
export const NOT_STAGED = (sql: Sql) => sql`not (e.status = 'pending' and not e.usage_charged and not e.is_sample)`;
