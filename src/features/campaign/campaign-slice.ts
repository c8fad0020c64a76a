import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CampaignListItem } from '../../../domain/campaign';

/** A campaign as the header, sidebar and /campaign keep it: a list_campaign row (SPEC §3). */
export type CampaignSummary = Pick<CampaignListItem, 'campaign_id' | 'campaign_name'> & Partial<CampaignListItem>;

export interface CampaignOption {
  label: string;
  value: CampaignListItem['campaign_id'];
}

export interface TimeRemaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export interface CampaignState {
  selectedCampaignId: CampaignSummary['campaign_id'] | null;
  selectedCampaignOption: CampaignOption | null;
  selectedCampaign: CampaignSummary | null;
  headerCampaignList: CampaignSummary[];
  allCampaignList: CampaignSummary[];
  /** Seconds left until the package expires; null when no countdown runs. */
  countdown: number | null;
  timeRemaining: TimeRemaining;
  paymentFlag: boolean;
  /** True while list_campaign is in flight (reset on failure too, SPEC §8). */
  listLoading: boolean;
}

export const initialCampaignState: CampaignState = {
  selectedCampaignId: null,
  selectedCampaignOption: null,
  selectedCampaign: null,
  headerCampaignList: [],
  allCampaignList: [],
  countdown: null,
  timeRemaining: { days: 0, hours: 0, minutes: 0, seconds: 0 },
  paymentFlag: false,
  listLoading: false,
};

const campaignSlice = createSlice({
  name: 'campaign',
  initialState: initialCampaignState,
  reducers: {
    /** Choosing a campaign sets the selection and resets the payment flag (SPEC §4). */
    selectCampaign(state, action: PayloadAction<CampaignOption>) {
      const option = action.payload;
      state.selectedCampaignId = option.value;
      state.selectedCampaignOption = option;
      state.selectedCampaign =
        state.headerCampaignList.find((c) => c.campaign_id === option.value) ??
        state.allCampaignList.find((c) => c.campaign_id === option.value) ??
        null;
      state.paymentFlag = false;
      state.countdown = null;
      state.timeRemaining = initialCampaignState.timeRemaining;
    },
    clearCampaign(state) {
      state.selectedCampaignId = null;
      state.selectedCampaignOption = null;
      state.selectedCampaign = null;
      state.countdown = null;
      state.timeRemaining = initialCampaignState.timeRemaining;
    },
    setSelectedCampaign(state, action: PayloadAction<CampaignSummary | null>) {
      state.selectedCampaign = action.payload;
    },
    setHeaderCampaignList(state, action: PayloadAction<CampaignSummary[]>) {
      state.headerCampaignList = action.payload;
      const selected = action.payload.find((c) => c.campaign_id === state.selectedCampaignId);
      if (selected) state.selectedCampaign = selected;
    },
    setAllCampaignList(state, action: PayloadAction<CampaignSummary[]>) {
      state.allCampaignList = action.payload;
    },
    setCountdown(state, action: PayloadAction<number | null>) {
      state.countdown = action.payload;
    },
    setTimeRemaining(state, action: PayloadAction<TimeRemaining>) {
      state.timeRemaining = action.payload;
    },
    setPaymentFlag(state, action: PayloadAction<boolean>) {
      state.paymentFlag = action.payload;
    },
    setCampaignListLoading(state, action: PayloadAction<boolean>) {
      state.listLoading = action.payload;
    },
    /** The expiry popup was dismissed: remember it locally for every copy of the campaign. */
    markPopupShown(state, action: PayloadAction<CampaignSummary['campaign_id']>) {
      const id = action.payload;
      for (const c of [...state.headerCampaignList, ...state.allCampaignList]) if (c.campaign_id === id) c.is_popup_shown = 1;
      if (state.selectedCampaign && state.selectedCampaign.campaign_id === id) state.selectedCampaign.is_popup_shown = 1;
    },
    reset() {
      return initialCampaignState;
    },
  },
});

export const {
  selectCampaign,
  clearCampaign,
  setSelectedCampaign,
  setHeaderCampaignList,
  setAllCampaignList,
  setCountdown,
  setTimeRemaining,
  setPaymentFlag,
  setCampaignListLoading,
  markPopupShown,
  reset: resetCampaign,
} = campaignSlice.actions;

export const campaignReducer = campaignSlice.reducer;

