import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { campaignReducer } from '../features/campaign/campaign-slice';
import { permissionReducer } from '../features/permission/permission-slice';
import { userReducer } from '../features/user/user-slice';

/**
 * The store of the donors' entry (giving.html: /{slug}, /pay-your-donation): the same state shape
 * as the staff store (shared hooks such as useRemote read it), never persisted and never rehydrated:
 * a donor's page neither reads nor writes the staff session kept in localStorage.
 */
export function makeGivingStore() {
  return configureStore({ reducer: combineReducers({ user: userReducer, campaign: campaignReducer, permission: permissionReducer }) });
}
