import { DEFAULT_PRIVACY_POLICY, type PrivacyPolicyView } from '@membolt/contracts';
import type { PrivacyPolicyResponse } from './privacy-policy.dto.js';

export function toPrivacyPolicyResponse(view: PrivacyPolicyView): PrivacyPolicyResponse {
  return {
    policy: { ...view.policy },
    defaults: { ...DEFAULT_PRIVACY_POLICY },
    key_overrides: view.keyOverrides.map((override) => ({
      key_id: override.keyId,
      actions: { ...override.actions },
    })),
    redaction_counts: { ...view.redactionCounts },
  };
}
