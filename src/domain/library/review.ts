import type { RunCheckRecord, TemplateRevisionRow } from '../../db/schema';
import { enums } from '../../generated/contract';
import { draftViolations, findSecrets, findSecretsInFields, FINDINGS_MAX, ROOT_README, type DraftFileInput } from './draft-rules';

export interface ReviewInput {
  readonly files: readonly DraftFileInput[];
  readonly revision: TemplateRevisionRow;
  readonly starterReadme: string;
}

export interface ReviewCheck {
  readonly name: RunCheckRecord['check'];
  run(input: ReviewInput): RunCheckRecord['findings'];
}

const README_MIN_CHARS = 40;
const SUMMARY_MIN_CHARS = 10;

/** Every check a review runs, in order; a check reports findings, none means passed. */
export const REVIEW_CHECKS: readonly ReviewCheck[] = [
  {
    name: 'readme_present',
    run: ({ files, starterReadme }) => {
      const readme = files.find((file) => file.path === ROOT_README);
      if (!readme) return [{ message: `A root ${ROOT_README} is required.` }];
      if (readme.content === starterReadme) return [{ path: ROOT_README, message: `${ROOT_README} is still the starter text.` }];
      const visible = [...readme.content].filter((char) => !/\s/u.test(char)).length;
      return visible < README_MIN_CHARS
        ? [{ path: ROOT_README, message: `${ROOT_README} needs at least ${README_MIN_CHARS} non-blank characters (has ${visible}).` }]
        : [];
    },
  },
  {
    name: 'file_rules',
    run: ({ files }) =>
      draftViolations(files)
        .filter((v) => v.rule !== 'text_only')
        .map((v) => ({ ...(v.path ? { path: v.path } : {}), message: v.message })),
  },
  {
    name: 'license_allowed',
    run: ({ revision }) =>
      (enums.templateLicense as readonly string[]).includes(revision.license)
        ? []
        : [{ message: `License ${revision.license} is not on the allowed list.` }],
  },
  {
    name: 'metadata_complete',
    run: ({ revision }) => [
      ...(revision.name.trim() ? [] : [{ message: 'The Template needs a name.' }]),
      ...([...revision.summary.trim()].length >= SUMMARY_MIN_CHARS
        ? []
        : [{ message: `The summary needs at least ${SUMMARY_MIN_CHARS} characters.` }]),
      ...(revision.category ? [] : [{ message: 'The Template needs a category.' }]),
    ],
  },
  {
    name: 'no_secrets',
    run: ({ files, revision }) =>
      [
        ...findSecrets(files),
        ...findSecretsInFields({ name: revision.name, summary: revision.summary, tags: revision.tags, release_notes: revision.release_notes }),
      ].map(({ path, line, message }) => ({ ...(path ? { path } : {}), ...(line ? { line } : {}), message })),
  },
  {
    name: 'text_only',
    run: ({ files }) =>
      draftViolations(files)
        .filter((v) => v.rule === 'text_only')
        .map((v) => ({ ...(v.path ? { path: v.path } : {}), ...(v.line ? { line: v.line } : {}), message: v.message })),
  },
];

export interface ReviewOutcome {
  readonly checks: RunCheckRecord[];
  readonly passed: boolean;
}

/** Runs every check; a check that throws makes the whole run fail (the caller records review_error). */
export function runReview(checks: readonly ReviewCheck[], input: ReviewInput): ReviewOutcome {
  const results = checks.map((check): RunCheckRecord => {
    const findings = check.run(input);
    const status = findings.length === 0 ? 'passed' : 'failed';
    if (findings.length <= FINDINGS_MAX) return { check: check.name, status, findings };
    return { check: check.name, status, findings: findings.slice(0, FINDINGS_MAX), omitted_findings: findings.length - FINDINGS_MAX };
  });
  return { checks: results, passed: results.every((result) => result.status === 'passed') };
}
