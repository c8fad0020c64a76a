import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CampaignPermission } from '../../../domain/campaign';

/** A campaign's resource names (role-access, the socket's 'permissions' event). */
export interface CampaignPermissions {
  campaign_id: CampaignPermission['campaign_id'];
  resource_names: string[];
}

export interface PermissionState {
  list: CampaignPermissions[];
  /** True while role-access is in flight (reset on failure too, SPEC §8). */
  loading: boolean;
}

export const initialPermissionState: PermissionState = { list: [], loading: false };

const permissionSlice = createSlice({
  name: 'permission',
  initialState: initialPermissionState,
  reducers: {
    setPermissions(state, action: PayloadAction<CampaignPermissions[]>) {
      state.list = action.payload;
    },
    /** Replaces (or adds) the resource names of one campaign, e.g. from a websocket message. */
    updateCampaignPermissions(state, action: PayloadAction<CampaignPermissions>) {
      const index = state.list.findIndex((p) => p.campaign_id === action.payload.campaign_id);
      if (index === -1) state.list.push(action.payload);
      else state.list[index] = action.payload;
    },
    setPermissionsLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    reset() {
      return initialPermissionState;
    },
  },
});

export const { setPermissions, updateCampaignPermissions, setPermissionsLoading, reset: resetPermissions } = permissionSlice.actions;
export const permissionReducer = permissionSlice.reducer;
