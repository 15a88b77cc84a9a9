// Deno entry of the edge profile: the edge-runtime look-alike first, then the usual local entry
// (which imports supabase/functions/api/app.ts lazily, so the preload has run by then).
import "./preload.ts";
import "../functions-entry.ts";
