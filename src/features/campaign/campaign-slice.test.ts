import { campaignReducer, clearCampaign, initialCampaignState, resetCampaign, selectCampaign, setHeaderCampaignList, setPaymentFlag } from './campaign-slice';

describe('campaign slice', () => {
  const list = [{ campaign_id: '1', campaign_name: 'A' }, { campaign_id: '2', campaign_name: 'B' }];

  it('selectCampaign sets id, option and object, and resets the payment flag', () => {
    let state = campaignReducer(initialCampaignState, setHeaderCampaignList(list));
    state = campaignReducer(state, setPaymentFlag(true));
    state = campaignReducer(state, selectCampaign({ label: 'B', value: '2' }));
    expect(state.selectedCampaignId).toBe('2');
    expect(state.selectedCampaignOption).toEqual({ label: 'B', value: '2' });
    expect(state.selectedCampaign).toEqual(list[1]);
    expect(state.paymentFlag).toBe(false);
  });

  it('clearCampaign sets the id to null; reset restores the initial state', () => {
    let state = campaignReducer(initialCampaignState, setHeaderCampaignList(list));
    state = campaignReducer(state, selectCampaign({ label: 'A', value: '1' }));
    state = campaignReducer(state, clearCampaign());
    expect(state.selectedCampaignId).toBeNull();
    expect(state.headerCampaignList).toHaveLength(2);
    expect(campaignReducer(state, resetCampaign())).toEqual(initialCampaignState);
  });
});
