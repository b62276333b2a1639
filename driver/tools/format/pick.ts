// The wording of browser_pick's answers.
export const pickWording = {
  headless: 'browser_pick needs a browser window the user can click, and this one is headless. Restart the server with --headed.',
  navigated: 'The page navigated away during the pick. Run the pick again on the new page.',
  notInSnapshot: 'The picked element is not in the snapshot (hidden or decorative), nor is any element around it. Ask the user to pick another element.',
  timeout: (ms: number) => `Nobody picked an element within ${Math.round(ms / 1000)} s. Ask the user to click the element, then run the pick again (a longer timeout: "timeout").`,
  cancelled: 'The user cancelled the pick (Escape). Ask what they meant, or run the pick again.',
  picked: (line: string, path: string) => `Picked ${line}\nPath: ${path}`,
};
