import { compileContent } from '../../src/server/content/compile.ts';

/** Tests import the compiled price source and AGB version like the build does: compile it first (src/generated is not committed). */
export default function setup(): void {
  compileContent();
}
