/** Business and timing constants of SPEC §9. */

export const SUSPENSE_DELAY_MS = 300;
export const INITIAL_LOADER_MS = 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REHYDRATE_TIMEOUT_MS = 5000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;
export const COUNTDOWN_TICK_MS = 1000;
export const POST_PAYMENT_REFETCH_MS = 5000;
export const PURCHASE_REMINDER_DELAY_MS = 800;

export const EXPIRY_WARNING_DAYS = 30;
export const EXPIRY_POPUP_DAYS = 7;

export const CAMPAIGN_LIST_LIMIT = 500;
export const CAMPAIGN_LIST_PAGE = 1;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const PREVIEW_MAX_BYTES = 500 * 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;

export const PROFILE_NAME_MAX = 35;
export const PROFILE_NAME_INPUT_MAX = 36;
export const PASSWORD_MIN = 6;
export const OTP_MIN = 6;
export const MOBILE_DIGITS = 10;

export const DATE_DISPLAY_FORMAT = 'DD-MM-YYYY';
