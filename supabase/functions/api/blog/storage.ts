// Blog files live in the public `blog` bucket. Writes go to Storage with the CALLER's token,
// so the bucket's admin-only insert/delete policies apply on top of the route's admin check.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { platform } from "../lib/settings.ts";
import { HttpError } from "../lib/errors.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";

export const BLOG_BUCKET = "blog";

function callerClient(token: string): SupabaseClient {
  return createClient(platform.supabaseUrl, platform.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** Public URL of an object in the blog bucket (no request is made). */
export function blogPublicUrl(path: string): string {
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  return `${platform.supabaseUrl}/storage/v1/object/public/${BLOG_BUCKET}/${encoded}`;
}

/**
 * Stores a public blog file. Storage sends `X-Robots-Tag: none` with every file unless it was uploaded
 * with its own tag: blog images and attachments are public content, so they are uploaded indexable.
 */
export async function uploadBlogObject(token: string, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const { error } = await callerClient(token)
    .storage.from(BLOG_BUCKET)
    .upload(path, bytes, {
      contentType,
      upsert: false,
      cacheControl: "3600",
      headers: { "x-robots-tag": "all" },
    });
  if (error) {
    console.error("[blog] storage upload failed:", error.message);
    throw new HttpError(500, API_MESSAGES.serverError);
  }
}

/** Best effort: a failed removal leaves an orphan file, never a broken request. */
export async function removeBlogObjects(token: string, paths: string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += 100) {
    const chunk = paths.slice(i, i + 100);
    const { error } = await callerClient(token).storage.from(BLOG_BUCKET).remove(chunk);
    if (error) console.error("[blog] storage remove failed:", error.message);
  }
}
