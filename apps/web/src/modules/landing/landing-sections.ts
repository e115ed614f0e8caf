/** In-page anchors of the landing page (the footer and the hero link to them). */
export const LANDING_SECTION_ID = {
  top: 'top',
  features: 'features',
  pricing: 'pricing',
  developers: 'developers',
} as const;

export type LandingSectionId = (typeof LANDING_SECTION_ID)[keyof typeof LANDING_SECTION_ID];
