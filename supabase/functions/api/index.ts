import { handler } from "./app.ts";
Deno.serve(handler);
