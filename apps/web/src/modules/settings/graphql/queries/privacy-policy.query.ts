import { graphql } from '../../../../gql';

/** The account's write-time privacy policy: every kind with its action and how often it was redacted. */
export const PRIVACY_POLICY_QUERY = graphql(`
  query PrivacyPolicy {
    privacyPolicy {
      ...PrivacyPolicyFields
    }
  }
`);
