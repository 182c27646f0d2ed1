-- SQLite's trigger of the same name (db/migrations/0016): operation records point to a user's
-- signing key for its public key (docs/decisions/032), so such a key goes only with its account,
-- or once the account is deleted and housekeeping is removing its records (docs/decisions/038).
-- PostgreSQL needs a function for the check; restrict_violation (23001) lets callers tell it apart.
CREATE FUNCTION "signing_keys_outlive_their_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NULL) THEN
    RAISE EXCEPTION 'a user''s signing key is deleted only with its account: operation records point to its public key'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signing_keys_outlive_their_records" BEFORE DELETE ON "signing_keys"
FOR EACH ROW EXECUTE FUNCTION "signing_keys_outlive_their_records"();
