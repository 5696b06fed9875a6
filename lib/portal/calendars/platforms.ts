// The platforms whose calendar rules parse.ts knows; apart, so pages list them without node-ical.
export const PLATFORMS = ['airbnb', 'booking', 'vrbo', 'smoobu', 'other'] as const;
export type Platform = (typeof PLATFORMS)[number];
