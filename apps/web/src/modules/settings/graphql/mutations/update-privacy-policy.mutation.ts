import { graphql } from '../../../../gql';

export const UPDATE_PRIVACY_POLICY_MUTATION = graphql(`
  mutation UpdatePrivacyPolicy($input: UpdatePrivacyPolicyInput!) {
    updatePrivacyPolicy(input: $input) {
      ...PrivacyPolicyFields
    }
  }
`);
