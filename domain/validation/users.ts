/**
 * Yup schemas of the profile form and the users/admin requests, shared by the SPA and the server.
 * Pure: no React, no Node.
 */
import { number, object, string } from 'yup';
import { USER_LIST_SORTS, USER_STATUS_ACTIONS, USER_STATUSES } from '../auth/api-contract';
import { AUTH_VALIDATION_MESSAGES, nameField } from './auth';

export const USERS_VALIDATION_MESSAGES = {
  PROFILE_PICTURE_INVALID: 'Profile picture must be a storage path or URL',
  PROFILE_UPDATED_FLAG_INVALID: 'is_profile_updated must be 0 or 1',
  USER_ID_INVALID: 'User id is not valid',
  ACTION_INVALID: 'Action must be one of approve, block, unblock, unlock',
  STATUS_INVALID: 'Unknown status',
  SORT_INVALID: 'Unknown sort',
  PAGE_INVALID: 'Page must be a whole number from 1',
  LIMIT_INVALID: 'Limit must be a whole number from 1 to 100',
  SEARCH_TOO_LONG: 'Search is too long',
} as const;

const M = USERS_VALIDATION_MESSAGES;

/**
 * Profile name (SPEC §5): required 'Name is required', at most 35 characters
 * 'Name should be less then 35 character', letters and spaces only
 * 'Name does not support special characters'. The input is capped at NAME_INPUT_MAX_LENGTH (36).
 */
export const profileNameField = nameField;

export const profileFormSchema = object({ name: profileNameField });

/** PUT /auth/users/{id}. */
export const updateUserRequestSchema = object({
  name: profileNameField,
  is_profile_updated: number().typeError(M.PROFILE_UPDATED_FLAG_INVALID).optional().oneOf([0, 1], M.PROFILE_UPDATED_FLAG_INVALID),
  profile_picture: string().typeError(M.PROFILE_PICTURE_INVALID).nullable().optional().max(2048, M.PROFILE_PICTURE_INVALID),
});

export const userIdParamsSchema = object({
  id: string().typeError(M.USER_ID_INVALID).required(M.USER_ID_INVALID).uuid(M.USER_ID_INVALID),
});

export const userEmailParamsSchema = object({
  email: string().typeError(AUTH_VALIDATION_MESSAGES.EMAIL_INVALID).required(AUTH_VALIDATION_MESSAGES.EMAIL_REQUIRED).max(254, AUTH_VALIDATION_MESSAGES.EMAIL_INVALID),
});

/** GET /auth/admin/list_users (validated with casting: query values are strings). */
export const listUsersQuerySchema = object({
  status: string().oneOf(USER_STATUSES, M.STATUS_INVALID).optional(),
  search: string().max(100, M.SEARCH_TOO_LONG).optional(),
  page: number().typeError(M.PAGE_INVALID).integer(M.PAGE_INVALID).min(1, M.PAGE_INVALID).max(1_000_000, M.PAGE_INVALID).default(1),
  limit: number().typeError(M.LIMIT_INVALID).integer(M.LIMIT_INVALID).min(1, M.LIMIT_INVALID).max(100, M.LIMIT_INVALID).default(20),
  sort: string().oneOf(USER_LIST_SORTS, M.SORT_INVALID).default('-created_at'),
});

/** POST /auth/admin/update_user_status/{id}. */
export const updateUserStatusRequestSchema = object({
  action: string().typeError(M.ACTION_INVALID).required(M.ACTION_INVALID).oneOf(USER_STATUS_ACTIONS, M.ACTION_INVALID),
});
