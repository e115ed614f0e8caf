// identity's test OIDC provider (from @membolt/identity/testing) types `oidc-provider` with an ambient
// declaration inside its own project; type-checking these e2e files needs that declaration too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient declaration cannot be imported
/// <reference path="../../../../libs/identity/src/testing/oidc-provider.d.ts" />
