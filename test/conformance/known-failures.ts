// THE list of conformance cases known to fail, each with its reason. A listed case is still run: its test
// asserts that it keeps failing, so a fix is noticed and the entry must be removed (the list only shrinks).
// Keys are the case ids printed in the test titles.

export type SuiteName = 'wpt-manual' | 'wpt-comp' | 'wpt-shadowdom' | 'axe-accessible-text' | 'axe-implicit-role';

export const knownFailures: Record<SuiteName, Record<string, string>> = {
  'wpt-manual': {
    // <label for=test title="bar"> with label::before "foo" / ::after "baz" around the input itself.
    'manual/name_test_case_659-manual.html':
      'expects the label\'s title between its ::before and ::after ("foo bar baz"), which is neither 2F nor 2I; '
      + 'Chromium\'s own tree says "foo baz", as we do',
    'manual/name_test_case_660-manual.html':
      'same as 659 with the title on the label ("foo bar baz" expected); Chromium\'s own tree says "foo baz", as we do',
  },
  'wpt-comp': {
    'comp_name_from_content.html: heading with link referencing image using aria-labelledby, that in turn references text element via aria-labelledby':
      'the link\'s aria-labelledby id does not exist (typo in the test: nested_image_label3 vs nested_image_label_3), so the '
      + 'expected "image link" needs a reordering no step produces; we say "link image", Chromium says "link link"',
    'comp_name_from_content.html: heading with link referencing image using aria-labelledby, that in turn references itself and another element via aria-labelledby':
      'expects the span already consumed by the link\'s labelledby traversal to be used a second time ("image link"); '
      + 'a node contributes once per computation, and Chromium agrees with us ("image")',
  },
  'wpt-shadowdom': {},
  'axe-accessible-text': {},
  // Roles engineer: implicit-role cases (axe-core/implicit-role.js) go here.
  'axe-implicit-role': {},
};

export function knownFailuresOf(suite: SuiteName): ReadonlyMap<string, string> {
  return new Map(Object.entries(knownFailures[suite]));
}
