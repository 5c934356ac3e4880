// What a session costs (issue 12 §3): the scenario's model sets a price in credits per started minute. The editor
// shows the most a session may cost, and starting one reserves exactly that, so both read it from here.

/** The time limit that applies: the scenario's own, else its mission's; null when neither sets one. */
export const effectiveTimeLimitSeconds = (
  scenarioSeconds: number | null | undefined,
  missionSeconds: number | null | undefined,
): number | null => scenarioSeconds ?? missionSeconds ?? null;

/** Credits for a session of `seconds`: every started minute is paid. */
export const sessionPriceCredits = (creditsPerMinute: number, seconds: number): number =>
  creditsPerMinute * Math.max(1, Math.ceil(seconds / 60));
