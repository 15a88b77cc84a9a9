-- =============================================================================
-- Usernames are unique regardless of case ("Teacher" and "teacher" are the same
-- account name), so two sign-ups racing with different case cannot both pass.
-- =============================================================================
create unique index if not exists profiles_username_lower_key on public.profiles (lower(username));
