-- T1–T4: an agent's turns run on Gatehouse's harness ("built-in") or the Claude Code CLI under Gatehouse's gate ("claude-code").
ALTER TABLE "Agent" ADD COLUMN "transport" TEXT NOT NULL DEFAULT 'built-in';
