/**
 * Success messages: success bodies are `{ data, message, message_code }`; the SPA translates
 * `message_code` (src/locales/<lang>/errors.json, "messages"). Pure: no Node.
 */
export const SUCCESS_MESSAGES = {
  ACCOUNT_CREATED: 'Account created successfully',
  EMAIL_CONFIRMED_WAIT_APPROVAL: 'Email confirmed, please wait for admin approval',
  PHONE_VERIFIED_WAIT_APPROVAL: 'Phone number verified, please wait for admin approval',
  PASSWORD_RESET_SUCCESS: 'Password reset successful',
  SIGN_IN_SUCCESS: 'Sign in successful',
  NEW_CONFIRMATION_SENT: 'A new confirmation link or code has been sent',
  RESET_SENT: 'Password reset e-mail or code sent',
  CONFIRMATION_EMAIL_RESENT: 'Confirmation e-mail resent',
  OTP_RESENT: 'OTP resent to your number',
  PROFILE_UPDATED: 'Profile info updated successfully',
  CAMPAIGN_CREATED: 'Campaign created successfully',
  CAMPAIGN_UPDATED: 'Campaign updated successfully',
  CAMPAIGN_ACTIVATED: 'Campaign activated successfully',
  INVITATION_SENT: 'Invitation sent successfully',
  INVITATION_ACCEPTED: 'You have joined the campaign',
  INVITATION_REVOKED: 'Invitation cancelled',
  MEMBER_ROLE_UPDATED: 'Member role updated successfully',
  MEMBER_REMOVED: 'Member removed successfully',
  ROLE_CREATED: 'Role created successfully',
  ROLE_UPDATED: 'Role updated successfully',
  ROLE_DELETED: 'Role deleted successfully',
  PACKAGE_GRANTED: 'Package granted successfully',
} as const;

export type SuccessMessageCode = keyof typeof SUCCESS_MESSAGES;
