/**
 * Error codes the API answers with (`{ code, message, details? }`) and their English text.
 * The SPA maps `code` to its catalogue (src/locales/<lang>/errors.json); the texts below are the same
 * English ones so a client without the catalogue still shows something sensible. Pure: no Node.
 */
export const ERROR_MESSAGES = {
  SOMETHING_WENT_WRONG: 'Something went wrong, please try again',
  NOT_FOUND: 'The requested resource was not found',
  USER_ALREADY_CONFIRMED: 'User is already confirmed',
  ATTEMPT_LIMIT_EXCEEDED: 'Attempt limit exceeded, please try after some time',
  CONFIRMATION_CODE_DELIVERY_FAILED: 'Failed to deliver account confirmation code',
  CONFIRMATION_CODE_REQUIRED: 'Confirmation code is required',
  CODE_EXPIRED_OR_WRONG: 'Wrong or expired confirmation code',
  INVALID_CODE: 'Invalid code',
  INVALID_EMAIL_OR_PHONE: 'Invalid email or phone',
  ALIAS_EXISTS: 'Alias already exists',
  USER_NOT_FOUND: 'User not found',
  CODE_MISMATCH: 'Confirmation code mismatch',
  REQUEST_LIMIT_EXCEEDED: 'Request limit exceeded',
  OTP_EXPIRED: 'OTP expired',
  OTP_INCORRECT: 'OTP incorrect',
  OTP_INCORRECT_OR_EXPIRED: 'OTP incorrect or expired',
  LINK_EXPIRED: 'Link expired',
  PASSWORD_REUSE: "Can't reuse previous password",
  EMAIL_EXISTS: 'Email already exists',
  PHONE_EXISTS: 'Phone number already exists',
  NO_USER_OR_NOT_VERIFIED: 'No user found or user not verified',
  ACCOUNT_NOT_CONFIRMED_EMAIL: 'Your account is not confirmed. Please confirm your e-mail',
  ACCOUNT_NOT_CONFIRMED_PHONE: 'Your account is not confirmed. Please confirm your phone number',
  ADMIN_APPROVAL_REQUIRED: 'Admin approval required',
  ACCOUNT_LOCKED: 'Your account is locked, please contact support',
  ACCOUNT_BLOCKED: 'Your account is blocked, please contact support',
  INCORRECT_CREDENTIALS: 'Incorrect email or password',
  SOCIAL_LOGIN_ROLE_BLOCKED: 'Social login is blocked for this role',
  TOKEN_EXPIRED: 'Your session has expired, please sign in again',
  UNAUTHORIZED: 'Please sign in to continue',
  FORBIDDEN: 'You do not have permission to do this',
  VALIDATION_ERROR: 'Please check the highlighted fields',
  RATE_LIMITED: 'Request limit exceeded',
  SELECT_CAMPAIGN_FIRST: 'Please select a campaign first',
  DONOR_ALREADY_EXISTS: 'Donor already exist',
  COMMITMENT_EXCEEDS_LIMIT: 'Commitment amount will exceed donation limit',
  INTERNATIONAL_DONOR_INDIVIDUAL_ONLY: 'International donor can only be an Individual Contributor type',
  INVITED_OWNER_IS_CURRENT_USER: 'Invited owner is same as current user',
  IMAGE_REQUIRED: 'Please select an image',
  IMAGE_TOO_LARGE: 'Please select an image less than 5MB',
  IMAGE_TOO_SMALL: "Image width and height can't be less than {{width}}X{{height}}",

  // Codes of later features (the SPA catalogue test checks each has a text).
  INVALID_STATUS_TRANSITION: "This action is not possible for the user's current status",
  SOCIAL_PROVIDER_NOT_CONFIGURED: 'Social sign-in is not configured on this server',
  SOCIAL_SIGNIN_FAILED: 'Social sign-in failed, please try again',
  SLUG_TAKEN: 'This address is already used by another campaign',
  SLUG_FROZEN: 'The address of an active campaign cannot be changed',
  CAMPAIGN_NOT_PENDING: 'This campaign is not awaiting activation',
  ALREADY_MEMBER: 'This person is already a member of the campaign',
  MEMBER_NOT_FOUND: 'Member not found',
  LAST_OWNER: 'A campaign needs at least one owner',
  OWNER_ONLY: 'Only an owner can give, change or remove the owner role',
  INVITATION_NOT_FOUND: 'This invitation is not valid or has already been used',
  INVITATION_EXPIRED: 'This invitation has expired, please ask for a new one',
  INVITATION_EMAIL_MISMATCH: 'This invitation was sent to another e-mail address',
  ROLE_NOT_FOUND: 'Role not found',
  ROLE_EXISTS: 'A role with this key already exists',
  ROLE_IN_USE: 'This role is assigned to members; give them another role first',
  SYSTEM_ROLE_READ_ONLY: 'This system role cannot be changed or deleted',
  PACKAGE_NOT_FOUND: 'No package has this length',

  // Generic HTTP client errors raised by the framework itself (bad JSON, wrong content type …).
  BAD_REQUEST: 'The request is not valid',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  NOT_ACCEPTABLE: 'Not acceptable',
  CONFLICT: 'Conflict',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  UNPROCESSABLE: 'The request cannot be processed',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, value);
}
