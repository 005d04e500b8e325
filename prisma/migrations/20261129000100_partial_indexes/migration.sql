-- Rules the schema language cannot express; the schema test checks them too.

-- P5: a room has at most one pending plan_exit gate, however many exit_plan_mode
-- calls arrive at once. The second concurrent insert fails and is read as "pending".
CREATE UNIQUE INDEX "Approval_one_pending_plan_exit_per_room"
  ON "Approval"("roomId") WHERE "kind" = 'plan_exit' AND "status" = 'pending';

-- The queue claims the oldest runnable job; this keeps the claim an index scan.
CREATE INDEX "Job_claimable_idx" ON "Job"("runAt", "id") WHERE "status" = 'queued';

-- A job key dedupes only while a job with it waits in the queue; once it runs,
-- the same key can be queued again (e.g. "resume run X" after a new decision).
CREATE UNIQUE INDEX "Job_key_queued_key" ON "Job"("key") WHERE "status" = 'queued';
