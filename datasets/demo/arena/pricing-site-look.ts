// How each version of the invented "Quillmoss" site looks. The design (what the ground-truth PNGs
// are rendered from) is one look; each synthetic output bundle is the same pages drawn with a
// look that departs from it by a known amount, so the arena has builds of clearly different
// quality without three hand-kept copies of the markup.

export interface PricingTier {
  name: string;
  price: string;
  per: string;
  blurb: string;
  features: string[];
  cta: string;
}

export interface SiteLook {
  /** Font stack; system fonts only, so nothing is fetched. */
  font: string;
  page: string;
  surface: string;
  ink: string;
  muted: string;
  accent: string;
  accentInk: string;
  line: string;
  radius: number;
  /** Base spacing unit in px. */
  space: number;
  headingWeight: number;
  heroAlign: 'left' | 'center';
  showIllustration: boolean;
  showNavLinks: boolean;
  tiers: PricingTier[];
  /** Index of the tier drawn as recommended, or null for none. */
  highlightTier: number | null;
  /** Cards stretch to equal height (the design) or keep their own height. */
  equalCards: boolean;
  /** False draws the sign-up page with no stylesheet at all. */
  styledSignup: boolean;
  /** Labels above inputs (the design) or beside them. */
  labelsAbove: boolean;
}

export const TIERS: PricingTier[] = [
  {
    name: 'Sprout',
    price: '$0',
    per: 'for one surveyor',
    blurb: 'Keep a single notebook in your pocket.',
    features: ['1 notebook', 'Offline sync', 'Photo notes'],
    cta: 'Start free',
  },
  {
    name: 'Canopy',
    price: '$14',
    per: 'per member / month',
    blurb: 'Shared plots and species lists for a crew.',
    features: ['Unlimited notebooks', 'Shared species lists', 'Plot maps', 'CSV export'],
    cta: 'Try Canopy',
  },
  {
    name: 'Old Growth',
    price: '$32',
    per: 'per member / month',
    blurb: 'Review and sign-off for long-running studies.',
    features: ['Everything in Canopy', 'Review queue', 'Audit trail', 'Priority help'],
    cta: 'Talk to us',
  },
];

export const DESIGN_LOOK: SiteLook = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  page: '#f4f1ea',
  surface: '#ffffff',
  ink: '#1f2a24',
  muted: '#5b6660',
  accent: '#1d6b57',
  accentInk: '#ffffff',
  line: '#d9d3c5',
  radius: 10,
  space: 8,
  headingWeight: 800,
  heroAlign: 'left',
  showIllustration: true,
  showNavLinks: true,
  tiers: TIERS,
  highlightTier: 1,
  equalCards: true,
  styledSignup: true,
  labelsAbove: true,
};

/** Close to the design: a slightly different green, rounder corners, lighter headings. */
export const CLOSE_LOOK: SiteLook = {
  ...DESIGN_LOOK,
  accent: '#207560',
  radius: 12,
  headingWeight: 700,
  line: '#dcd6c9',
};

/** Visible mistakes: wrong accent colour, centred hero, wrong tier highlighted, ragged cards, labels beside inputs. */
export const FLAWED_LOOK: SiteLook = {
  ...DESIGN_LOOK,
  page: '#ffffff',
  accent: '#d9762b',
  radius: 3,
  space: 6,
  headingWeight: 600,
  heroAlign: 'center',
  showNavLinks: false,
  highlightTier: 0,
  equalCards: false,
  labelsAbove: false,
};

/** Weak: no illustration, default serif type, the top tier missing, the sign-up page unstyled. */
export const WEAK_LOOK: SiteLook = {
  ...DESIGN_LOOK,
  font: 'Georgia, "Times New Roman", serif',
  page: '#ffffff',
  accent: '#3366cc',
  radius: 0,
  headingWeight: 700,
  showIllustration: false,
  tiers: TIERS.slice(0, 2),
  highlightTier: null,
  equalCards: false,
  styledSignup: false,
};
