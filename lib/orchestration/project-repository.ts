/**
 * O7, P3: the repository a project's code tickets branch from, and the base
 * branch their pull requests target: the originating room's repository and its
 * default branch. A room without a repository makes a project without code
 * tickets (they run in the room as before).
 */
export function projectRepository(repository: { id: string; defaultBranch: string } | null): { repositoryId: string | null; baseBranch: string | null } {
  return repository ? { repositoryId: repository.id, baseBranch: repository.defaultBranch } : { repositoryId: null, baseBranch: null };
}
