-- An upload row may be 'skipped': a template's example row (marked in its recipient cell, issue 33.7)
-- is neither imported nor refused. Existing rows keep their outcome.
ALTER TABLE "upload_rows" DROP CONSTRAINT "upload_rows_outcome_known";--> statement-breakpoint
ALTER TABLE "upload_rows" ADD CONSTRAINT "upload_rows_outcome_known" CHECK ("upload_rows"."outcome" in ('valid', 'imported', 'rejected', 'duplicate', 'skipped'));
