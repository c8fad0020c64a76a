import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface CampaignPermissions {
  campaign_id: number | string;
  resource_names: string[];
}

export interface PermissionState {
  list: CampaignPermissions[];
}

export const initialPermissionState: PermissionState = { list: [] };

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
    reset() {
      return initialPermissionState;
    },
  },
});

export const { setPermissions, updateCampaignPermissions, reset: resetPermissions } = permissionSlice.actions;
export const permissionReducer = permissionSlice.reducer;
