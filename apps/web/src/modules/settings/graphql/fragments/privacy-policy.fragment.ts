import { graphql } from '../../../../gql';

/** The policy as the Privacy card shows it: every kind with its action and how often it was redacted. */
export const PRIVACY_POLICY_FIELDS_FRAGMENT = graphql(`
  fragment PrivacyPolicyFields on PrivacyPolicy {
    kinds {
      kind
      action
      defaultAction
      redactionCount
    }
  }
`);
