/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment ViewerFields on Viewer {\n    id\n    email\n    name\n    bio\n    createdAt\n    lastActiveAt\n    settings {\n      theme\n      defaultModel\n    }\n    notifications {\n      emailNotifications\n      newFeatures\n      marketingEmails\n      conversationSummaries\n    }\n    memoryGraph {\n      id\n      status\n      createdAt\n    }\n    authMethods\n    setupComplete\n    plan\n  }\n": typeof types.ViewerFieldsFragmentDoc,
    "\n  mutation RefreshSession {\n    refreshSession {\n      id\n    }\n  }\n": typeof types.RefreshSessionDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword)\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      ...ViewerFields\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": typeof types.SignOutDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      ...ViewerFields\n    }\n  }\n": typeof types.SignUpDocument,
    "\n  query AuthConfig {\n    authConfig {\n      googleEnabled\n      googleProviderName\n    }\n  }\n": typeof types.AuthConfigDocument,
    "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  mutation AddFunds($amountCents: Int!) {\n    addFunds(amountCents: $amountCents) {\n      status\n      checkoutUrl\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n": typeof types.AddFundsDocument,
    "\n  mutation ChangePlan($plan: String!) {\n    changePlan(plan: $plan) {\n      status\n      checkoutUrl\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n": typeof types.ChangePlanDocument,
    "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n": typeof types.OpenBillingPortalDocument,
    "\n  query MemoriesPastRetention($retentionDays: Int) {\n    memoriesPastRetention(retentionDays: $retentionDays)\n  }\n": typeof types.MemoriesPastRetentionDocument,
    "\n  query PaymentProvider {\n    paymentProvider {\n      id\n      simulation\n      supportEmail\n    }\n  }\n": typeof types.PaymentProviderDocument,
    "\n  query SubscriptionStatus {\n    subscription {\n      ...SubscriptionFields\n    }\n    subscriptionCheck {\n      valid\n      reason\n    }\n    paymentProvider {\n      id\n      simulation\n      label\n      supportEmail\n    }\n  }\n": typeof types.SubscriptionStatusDocument,
    "\n  fragment SubscriptionFields on SubscriptionStatus {\n    status\n    plan\n    balanceCents\n    rateCents\n    conversationsUsed\n    conversationsLimit\n    retentionDays\n    renewsAt\n  }\n": typeof types.SubscriptionFieldsFragmentDoc,
    "\n  query UsagePage($ledgerLimit: Int) {\n    usageSummary {\n      from\n      to\n      daily {\n        day\n        calls\n        conversations\n        tokens\n        costCents\n        chargedCents\n      }\n      totals {\n        calls\n        conversations\n        tokens\n        costCents\n        chargedCents\n      }\n    }\n    ledger(limit: $ledgerLimit) {\n      total\n      entries {\n        id\n        kind\n        amountCents\n        balanceAfterCents\n        description\n        createdAt\n      }\n    }\n  }\n": typeof types.UsagePageDocument,
    "\n  fragment ChatMemoryFields on ChatMemory {\n    id\n    text\n    importance\n    category\n    source\n    used\n  }\n": typeof types.ChatMemoryFieldsFragmentDoc,
    "\n  fragment ChatTurnFields on ChatTurn {\n    conversationId\n    conversationTitle\n    userMessageId\n    assistantMessageId\n    text\n    model\n    responder\n    offline\n    memoriesUsed\n    createdAt\n    memoriesRetrieved {\n      ...ChatMemoryFields\n    }\n  }\n": typeof types.ChatTurnFieldsFragmentDoc,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    role\n    content\n    createdAt\n    mode\n    memories {\n      id\n      text\n      importance\n      category\n      source\n    }\n  }\n": typeof types.ChatMessageFieldsFragmentDoc,
    "\n  fragment ConversationSummaryFields on ConversationSummary {\n    id\n    title\n    preview\n    updatedAt\n    memoryCount\n  }\n": typeof types.ConversationSummaryFieldsFragmentDoc,
    "\n  mutation ShareConversation($id: ID!) {\n    shareConversation(id: $id) {\n      token\n      sharedAt\n    }\n  }\n": typeof types.ShareConversationDocument,
    "\n  mutation RevokeConversationShare($id: ID!) {\n    revokeConversationShare(id: $id) {\n      id\n      share {\n        token\n        sharedAt\n      }\n    }\n  }\n": typeof types.RevokeConversationShareDocument,
    "\n  mutation WebSearch($query: String!, $numResults: Int!) {\n    webSearch(query: $query, numResults: $numResults, summarize: false) {\n      query\n      formattedResults\n      results {\n        title\n        url\n        snippet\n      }\n    }\n  }\n": typeof types.WebSearchDocument,
    "\n  query ChatModels {\n    chatModels {\n      defaultModelId\n      offline\n      models {\n        id\n        label\n        provider\n        inChatList\n        available\n        unavailableReason\n        isDefault\n      }\n    }\n  }\n": typeof types.ChatModelsDocument,
    "\n  query ConversationShare($id: ID!) {\n    conversation(id: $id) {\n      id\n      share {\n        token\n        sharedAt\n      }\n    }\n  }\n": typeof types.ConversationShareDocument,
    "\n  query Conversation($id: ID!) {\n    conversation(id: $id) {\n      id\n      title\n      model\n      messages {\n        ...ChatMessageFields\n      }\n    }\n  }\n": typeof types.ConversationDocument,
    "\n  query Conversations($limit: Int!) {\n    conversations(limit: $limit, offset: 0) {\n      totalCount\n      conversations {\n        ...ConversationSummaryFields\n      }\n    }\n  }\n": typeof types.ConversationsDocument,
    "\n  query RecentConversations($limit: Int) {\n    conversations(limit: $limit) {\n      totalCount\n      conversations {\n        id\n        title\n        preview\n        memoryCount\n        updatedAt\n      }\n    }\n  }\n": typeof types.RecentConversationsDocument,
    "\n  fragment PlanCardFields on Plan {\n    id\n    name\n    monthlyPriceCents\n    features\n    callToAction\n    highlighted\n  }\n": typeof types.PlanCardFieldsFragmentDoc,
    "\n  query LandingPlanCatalogue {\n    planCatalogue(kind: subscription) {\n      plans {\n        ...PlanCardFields\n      }\n      developerApi {\n        centsPerMillionTokens\n        bringYourOwnKeys\n      }\n    }\n  }\n": typeof types.LandingPlanCatalogueDocument,
    "\n  fragment MemoryFields on Memory {\n    id\n    text\n    importance\n    category\n    source\n    conversationTitle\n    createdAt\n    updatedAt\n    version\n  }\n": typeof types.MemoryFieldsFragmentDoc,
    "\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id) {\n      memoryIds\n      deletedAt\n    }\n  }\n": typeof types.DeleteMemoryDocument,
    "\n  mutation CreateMemoryCategory($input: CreateMemoryCategoryInput!) {\n    createMemoryCategory(input: $input) {\n      name\n      description\n    }\n  }\n": typeof types.CreateMemoryCategoryDocument,
    "\n  mutation UpdateMemoryCategory($input: UpdateMemoryCategoryInput!) {\n    updateMemoryCategory(input: $input) {\n      name\n      description\n    }\n  }\n": typeof types.UpdateMemoryCategoryDocument,
    "\n  mutation DeleteMemoryCategory($name: String!) {\n    deleteMemoryCategory(name: $name) {\n      name\n      memoriesUncategorised\n    }\n  }\n": typeof types.DeleteMemoryCategoryDocument,
    "\n  mutation UpdateMemory($id: ID!, $input: UpdateMemoryInput!) {\n    updateMemory(id: $id, input: $input) {\n      ...MemoryFields\n    }\n  }\n": typeof types.UpdateMemoryDocument,
    "\n  query CustomMemoryCategories {\n    customMemoryCategories {\n      name\n      description\n    }\n  }\n": typeof types.CustomMemoryCategoriesDocument,
    "\n  query Memories($limit: Int!, $offset: Int!, $sort: MemorySort!, $category: String) {\n    memories(limit: $limit, offset: $offset, sort: $sort, category: $category) {\n      limit\n      offset\n      count\n      totalCount\n      memories {\n        ...MemoryFields\n      }\n    }\n  }\n": typeof types.MemoriesDocument,
    "\n  query MemoryDetails($id: ID!) {\n    memory(id: $id) {\n      ...MemoryFields\n      metadata\n      conversationId\n      validFrom\n      validTo\n    }\n    memoryHistory(id: $id) {\n      memoryId\n      versions {\n        version\n        text\n        importance\n        category\n        event\n        recordedAt\n      }\n    }\n  }\n": typeof types.MemoryDetailsDocument,
    "\n  query MemoryConcepts($id: ID!) {\n    memoryConcepts(id: $id) {\n      id\n      name\n      kind\n      category\n    }\n  }\n": typeof types.MemoryConceptsDocument,
    "\n  query MemoryGraph($maxNodes: Int!) {\n    memoryGraph(maxNodes: $maxNodes) {\n      truncated\n      concepts {\n        id\n        name\n        kind\n        category\n        memoryCount\n      }\n      relations {\n        source\n        target\n        weight\n      }\n    }\n  }\n": typeof types.MemoryGraphDocument,
    "\n  query ConceptMemories($conceptId: ID!, $limit: Int!) {\n    conceptMemories(conceptId: $conceptId, limit: $limit) {\n      totalCount\n      memories {\n        ...MemoryFields\n      }\n    }\n  }\n": typeof types.ConceptMemoriesDocument,
    "\n  query MemorySearch($query: String!, $limit: Int!, $filters: MemorySearchFilters) {\n    memorySearch(query: $query, limit: $limit, filters: $filters) {\n      count\n      query\n      results {\n        score\n        memory {\n          ...MemoryFields\n        }\n        scores {\n          semantic\n          keyword\n          fused\n          importance\n          recency\n          conceptMatch\n          timeMatch\n          final\n          reasons\n        }\n      }\n    }\n  }\n": typeof types.MemorySearchDocument,
    "\n  query MemoryStats {\n    memoryStats {\n      memoryCount\n      avgImportance\n      oldestTimestamp\n      conceptCount\n      relationCount\n    }\n  }\n": typeof types.MemoryStatsDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    description\n    displayPrefix\n    active\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n": typeof types.ApiKeyFieldsFragmentDoc,
    "\n  fragment DataExportFields on DataExport {\n    id\n    state\n    stage\n    percent\n    createdAt\n    expiresAt\n    bytes\n    downloadUrl\n    error\n  }\n": typeof types.DataExportFieldsFragmentDoc,
    "\n  fragment PrivacyPolicyFields on PrivacyPolicy {\n    kinds {\n      kind\n      action\n      defaultAction\n      redactionCount\n    }\n  }\n": typeof types.PrivacyPolicyFieldsFragmentDoc,
    "\n  fragment ProviderKeyFields on ProviderKey {\n    id\n    provider\n    last4\n    baseUrl\n    createdAt\n  }\n": typeof types.ProviderKeyFieldsFragmentDoc,
    "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    consecutiveFailures\n    createdAt\n  }\n": typeof types.WebhookFieldsFragmentDoc,
    "\n  mutation AddProviderKey($input: AddProviderKeyInput!) {\n    addProviderKey(input: $input) {\n      ...ProviderKeyFields\n    }\n  }\n": typeof types.AddProviderKeyDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation DeleteAccount($currentPassword: String) {\n    deleteAccount(currentPassword: $currentPassword) {\n      userId\n      deletedAt\n      pending\n    }\n  }\n": typeof types.DeleteAccountDocument,
    "\n  mutation RemoveProviderKey($id: ID!) {\n    removeProviderKey(id: $id) {\n      id\n    }\n  }\n": typeof types.RemoveProviderKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  mutation StartDataExport {\n    startDataExport {\n      ...DataExportFields\n    }\n  }\n": typeof types.StartDataExportDocument,
    "\n  mutation TestProviderKey($id: ID!) {\n    testProviderKey(id: $id) {\n      ok\n      provider\n      message\n      model\n    }\n  }\n": typeof types.TestProviderKeyDocument,
    "\n  mutation UpdateNotifications($input: UpdateNotificationsInput!) {\n    updateNotifications(input: $input) {\n      ...ViewerFields\n    }\n  }\n": typeof types.UpdateNotificationsDocument,
    "\n  mutation UpdatePortalSettings($input: UpdatePortalSettingsInput!) {\n    updatePortalSettings(input: $input) {\n      displayName\n      logoUrl\n      color\n      frameOrigins\n    }\n  }\n": typeof types.UpdatePortalSettingsDocument,
    "\n  mutation UpdatePreferences($input: UpdatePreferencesInput!) {\n    updatePreferences(input: $input) {\n      ...ViewerFields\n    }\n  }\n": typeof types.UpdatePreferencesDocument,
    "\n  mutation UpdatePrivacyPolicy($input: UpdatePrivacyPolicyInput!) {\n    updatePrivacyPolicy(input: $input) {\n      ...PrivacyPolicyFields\n    }\n  }\n": typeof types.UpdatePrivacyPolicyDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation SetWebhookEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEnabled(id: $id, enabled: $enabled) {\n      ...WebhookFields\n    }\n  }\n": typeof types.SetWebhookEnabledDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation RedeliverWebhook($webhookId: ID!, $deliveryId: ID!) {\n    redeliverWebhook(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      state\n      attempts\n      updatedAt\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  query LatestDataExport {\n    latestDataExport {\n      ...DataExportFields\n    }\n  }\n": typeof types.LatestDataExportDocument,
    "\n  query PortalSettings {\n    portalSettings {\n      displayName\n      logoUrl\n      color\n      frameOrigins\n    }\n  }\n": typeof types.PortalSettingsDocument,
    "\n  query PrivacyPolicy {\n    privacyPolicy {\n      ...PrivacyPolicyFields\n    }\n  }\n": typeof types.PrivacyPolicyDocument,
    "\n  query ProviderKeys {\n    providerKeys {\n      ...ProviderKeyFields\n    }\n  }\n": typeof types.ProviderKeysDocument,
    "\n  query SettingsPage {\n    viewer {\n      ...ViewerFields\n    }\n    planCatalogue {\n      plans {\n        id\n        kind\n        name\n        description\n        monthlyPriceCents\n        ratePerCallCents\n        retentionDays\n        features\n      }\n    }\n  }\n": typeof types.SettingsPageDocument,
    "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int) {\n    webhookDeliveries(webhookId: $webhookId, limit: $limit) {\n      id\n      event\n      state\n      attempts\n      statusCode\n      durationMs\n      error\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  query Webhooks {\n    webhooks {\n      ...WebhookFields\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  query SharedConversation($token: String!) {\n    sharedConversation(token: $token) {\n      title\n      sharedAt\n      messages {\n        role\n        content\n        createdAt\n      }\n    }\n  }\n": typeof types.SharedConversationDocument,
    "\n  fragment UploadFields on Upload {\n    id\n    fileName\n    kind\n    size\n    state\n    percent\n    pages\n    chunks\n    summary\n    summaryMemoryId\n    error\n    createdAt\n  }\n": typeof types.UploadFieldsFragmentDoc,
    "\n  query Uploads($limit: Int, $offset: Int) {\n    uploads(limit: $limit, offset: $offset) {\n      totalCount\n      uploads {\n        ...UploadFields\n      }\n    }\n  }\n": typeof types.UploadsDocument,
    "\n  query Upload($id: ID!) {\n    upload(id: $id) {\n      ...UploadFields\n    }\n  }\n": typeof types.UploadDocument,
    "\n  mutation BeginUpload($input: BeginUploadInput!) {\n    beginUpload(input: $input) {\n      ...UploadFields\n    }\n  }\n": typeof types.BeginUploadDocument,
    "\n  mutation UploadPart($uploadId: ID!, $index: Int!, $data: String!) {\n    uploadPart(uploadId: $uploadId, index: $index, data: $data)\n  }\n": typeof types.UploadPartDocument,
    "\n  mutation CompleteUpload($uploadId: ID!) {\n    completeUpload(uploadId: $uploadId) {\n      ...UploadFields\n    }\n  }\n": typeof types.CompleteUploadDocument,
    "\n  mutation DeleteUpload($id: ID!) {\n    deleteUpload(id: $id) {\n      uploadId\n      memoriesDeleted\n      fileDeleted\n    }\n  }\n": typeof types.DeleteUploadDocument,
};
const documents: Documents = {
    "\n  fragment ViewerFields on Viewer {\n    id\n    email\n    name\n    bio\n    createdAt\n    lastActiveAt\n    settings {\n      theme\n      defaultModel\n    }\n    notifications {\n      emailNotifications\n      newFeatures\n      marketingEmails\n      conversationSummaries\n    }\n    memoryGraph {\n      id\n      status\n      createdAt\n    }\n    authMethods\n    setupComplete\n    plan\n  }\n": types.ViewerFieldsFragmentDoc,
    "\n  mutation RefreshSession {\n    refreshSession {\n      id\n    }\n  }\n": types.RefreshSessionDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword)\n  }\n": types.ResetPasswordDocument,
    "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      ...ViewerFields\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": types.SignOutDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      ...ViewerFields\n    }\n  }\n": types.SignUpDocument,
    "\n  query AuthConfig {\n    authConfig {\n      googleEnabled\n      googleProviderName\n    }\n  }\n": types.AuthConfigDocument,
    "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n": types.ViewerDocument,
    "\n  mutation AddFunds($amountCents: Int!) {\n    addFunds(amountCents: $amountCents) {\n      status\n      checkoutUrl\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n": types.AddFundsDocument,
    "\n  mutation ChangePlan($plan: String!) {\n    changePlan(plan: $plan) {\n      status\n      checkoutUrl\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n": types.ChangePlanDocument,
    "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n": types.OpenBillingPortalDocument,
    "\n  query MemoriesPastRetention($retentionDays: Int) {\n    memoriesPastRetention(retentionDays: $retentionDays)\n  }\n": types.MemoriesPastRetentionDocument,
    "\n  query PaymentProvider {\n    paymentProvider {\n      id\n      simulation\n      supportEmail\n    }\n  }\n": types.PaymentProviderDocument,
    "\n  query SubscriptionStatus {\n    subscription {\n      ...SubscriptionFields\n    }\n    subscriptionCheck {\n      valid\n      reason\n    }\n    paymentProvider {\n      id\n      simulation\n      label\n      supportEmail\n    }\n  }\n": types.SubscriptionStatusDocument,
    "\n  fragment SubscriptionFields on SubscriptionStatus {\n    status\n    plan\n    balanceCents\n    rateCents\n    conversationsUsed\n    conversationsLimit\n    retentionDays\n    renewsAt\n  }\n": types.SubscriptionFieldsFragmentDoc,
    "\n  query UsagePage($ledgerLimit: Int) {\n    usageSummary {\n      from\n      to\n      daily {\n        day\n        calls\n        conversations\n        tokens\n        costCents\n        chargedCents\n      }\n      totals {\n        calls\n        conversations\n        tokens\n        costCents\n        chargedCents\n      }\n    }\n    ledger(limit: $ledgerLimit) {\n      total\n      entries {\n        id\n        kind\n        amountCents\n        balanceAfterCents\n        description\n        createdAt\n      }\n    }\n  }\n": types.UsagePageDocument,
    "\n  fragment ChatMemoryFields on ChatMemory {\n    id\n    text\n    importance\n    category\n    source\n    used\n  }\n": types.ChatMemoryFieldsFragmentDoc,
    "\n  fragment ChatTurnFields on ChatTurn {\n    conversationId\n    conversationTitle\n    userMessageId\n    assistantMessageId\n    text\n    model\n    responder\n    offline\n    memoriesUsed\n    createdAt\n    memoriesRetrieved {\n      ...ChatMemoryFields\n    }\n  }\n": types.ChatTurnFieldsFragmentDoc,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    role\n    content\n    createdAt\n    mode\n    memories {\n      id\n      text\n      importance\n      category\n      source\n    }\n  }\n": types.ChatMessageFieldsFragmentDoc,
    "\n  fragment ConversationSummaryFields on ConversationSummary {\n    id\n    title\n    preview\n    updatedAt\n    memoryCount\n  }\n": types.ConversationSummaryFieldsFragmentDoc,
    "\n  mutation ShareConversation($id: ID!) {\n    shareConversation(id: $id) {\n      token\n      sharedAt\n    }\n  }\n": types.ShareConversationDocument,
    "\n  mutation RevokeConversationShare($id: ID!) {\n    revokeConversationShare(id: $id) {\n      id\n      share {\n        token\n        sharedAt\n      }\n    }\n  }\n": types.RevokeConversationShareDocument,
    "\n  mutation WebSearch($query: String!, $numResults: Int!) {\n    webSearch(query: $query, numResults: $numResults, summarize: false) {\n      query\n      formattedResults\n      results {\n        title\n        url\n        snippet\n      }\n    }\n  }\n": types.WebSearchDocument,
    "\n  query ChatModels {\n    chatModels {\n      defaultModelId\n      offline\n      models {\n        id\n        label\n        provider\n        inChatList\n        available\n        unavailableReason\n        isDefault\n      }\n    }\n  }\n": types.ChatModelsDocument,
    "\n  query ConversationShare($id: ID!) {\n    conversation(id: $id) {\n      id\n      share {\n        token\n        sharedAt\n      }\n    }\n  }\n": types.ConversationShareDocument,
    "\n  query Conversation($id: ID!) {\n    conversation(id: $id) {\n      id\n      title\n      model\n      messages {\n        ...ChatMessageFields\n      }\n    }\n  }\n": types.ConversationDocument,
    "\n  query Conversations($limit: Int!) {\n    conversations(limit: $limit, offset: 0) {\n      totalCount\n      conversations {\n        ...ConversationSummaryFields\n      }\n    }\n  }\n": types.ConversationsDocument,
    "\n  query RecentConversations($limit: Int) {\n    conversations(limit: $limit) {\n      totalCount\n      conversations {\n        id\n        title\n        preview\n        memoryCount\n        updatedAt\n      }\n    }\n  }\n": types.RecentConversationsDocument,
    "\n  fragment PlanCardFields on Plan {\n    id\n    name\n    monthlyPriceCents\n    features\n    callToAction\n    highlighted\n  }\n": types.PlanCardFieldsFragmentDoc,
    "\n  query LandingPlanCatalogue {\n    planCatalogue(kind: subscription) {\n      plans {\n        ...PlanCardFields\n      }\n      developerApi {\n        centsPerMillionTokens\n        bringYourOwnKeys\n      }\n    }\n  }\n": types.LandingPlanCatalogueDocument,
    "\n  fragment MemoryFields on Memory {\n    id\n    text\n    importance\n    category\n    source\n    conversationTitle\n    createdAt\n    updatedAt\n    version\n  }\n": types.MemoryFieldsFragmentDoc,
    "\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id) {\n      memoryIds\n      deletedAt\n    }\n  }\n": types.DeleteMemoryDocument,
    "\n  mutation CreateMemoryCategory($input: CreateMemoryCategoryInput!) {\n    createMemoryCategory(input: $input) {\n      name\n      description\n    }\n  }\n": types.CreateMemoryCategoryDocument,
    "\n  mutation UpdateMemoryCategory($input: UpdateMemoryCategoryInput!) {\n    updateMemoryCategory(input: $input) {\n      name\n      description\n    }\n  }\n": types.UpdateMemoryCategoryDocument,
    "\n  mutation DeleteMemoryCategory($name: String!) {\n    deleteMemoryCategory(name: $name) {\n      name\n      memoriesUncategorised\n    }\n  }\n": types.DeleteMemoryCategoryDocument,
    "\n  mutation UpdateMemory($id: ID!, $input: UpdateMemoryInput!) {\n    updateMemory(id: $id, input: $input) {\n      ...MemoryFields\n    }\n  }\n": types.UpdateMemoryDocument,
    "\n  query CustomMemoryCategories {\n    customMemoryCategories {\n      name\n      description\n    }\n  }\n": types.CustomMemoryCategoriesDocument,
    "\n  query Memories($limit: Int!, $offset: Int!, $sort: MemorySort!, $category: String) {\n    memories(limit: $limit, offset: $offset, sort: $sort, category: $category) {\n      limit\n      offset\n      count\n      totalCount\n      memories {\n        ...MemoryFields\n      }\n    }\n  }\n": types.MemoriesDocument,
    "\n  query MemoryDetails($id: ID!) {\n    memory(id: $id) {\n      ...MemoryFields\n      metadata\n      conversationId\n      validFrom\n      validTo\n    }\n    memoryHistory(id: $id) {\n      memoryId\n      versions {\n        version\n        text\n        importance\n        category\n        event\n        recordedAt\n      }\n    }\n  }\n": types.MemoryDetailsDocument,
    "\n  query MemoryConcepts($id: ID!) {\n    memoryConcepts(id: $id) {\n      id\n      name\n      kind\n      category\n    }\n  }\n": types.MemoryConceptsDocument,
    "\n  query MemoryGraph($maxNodes: Int!) {\n    memoryGraph(maxNodes: $maxNodes) {\n      truncated\n      concepts {\n        id\n        name\n        kind\n        category\n        memoryCount\n      }\n      relations {\n        source\n        target\n        weight\n      }\n    }\n  }\n": types.MemoryGraphDocument,
    "\n  query ConceptMemories($conceptId: ID!, $limit: Int!) {\n    conceptMemories(conceptId: $conceptId, limit: $limit) {\n      totalCount\n      memories {\n        ...MemoryFields\n      }\n    }\n  }\n": types.ConceptMemoriesDocument,
    "\n  query MemorySearch($query: String!, $limit: Int!, $filters: MemorySearchFilters) {\n    memorySearch(query: $query, limit: $limit, filters: $filters) {\n      count\n      query\n      results {\n        score\n        memory {\n          ...MemoryFields\n        }\n        scores {\n          semantic\n          keyword\n          fused\n          importance\n          recency\n          conceptMatch\n          timeMatch\n          final\n          reasons\n        }\n      }\n    }\n  }\n": types.MemorySearchDocument,
    "\n  query MemoryStats {\n    memoryStats {\n      memoryCount\n      avgImportance\n      oldestTimestamp\n      conceptCount\n      relationCount\n    }\n  }\n": types.MemoryStatsDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    description\n    displayPrefix\n    active\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n": types.ApiKeyFieldsFragmentDoc,
    "\n  fragment DataExportFields on DataExport {\n    id\n    state\n    stage\n    percent\n    createdAt\n    expiresAt\n    bytes\n    downloadUrl\n    error\n  }\n": types.DataExportFieldsFragmentDoc,
    "\n  fragment PrivacyPolicyFields on PrivacyPolicy {\n    kinds {\n      kind\n      action\n      defaultAction\n      redactionCount\n    }\n  }\n": types.PrivacyPolicyFieldsFragmentDoc,
    "\n  fragment ProviderKeyFields on ProviderKey {\n    id\n    provider\n    last4\n    baseUrl\n    createdAt\n  }\n": types.ProviderKeyFieldsFragmentDoc,
    "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    consecutiveFailures\n    createdAt\n  }\n": types.WebhookFieldsFragmentDoc,
    "\n  mutation AddProviderKey($input: AddProviderKeyInput!) {\n    addProviderKey(input: $input) {\n      ...ProviderKeyFields\n    }\n  }\n": types.AddProviderKeyDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n": types.ChangePasswordDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation DeleteAccount($currentPassword: String) {\n    deleteAccount(currentPassword: $currentPassword) {\n      userId\n      deletedAt\n      pending\n    }\n  }\n": types.DeleteAccountDocument,
    "\n  mutation RemoveProviderKey($id: ID!) {\n    removeProviderKey(id: $id) {\n      id\n    }\n  }\n": types.RemoveProviderKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  mutation StartDataExport {\n    startDataExport {\n      ...DataExportFields\n    }\n  }\n": types.StartDataExportDocument,
    "\n  mutation TestProviderKey($id: ID!) {\n    testProviderKey(id: $id) {\n      ok\n      provider\n      message\n      model\n    }\n  }\n": types.TestProviderKeyDocument,
    "\n  mutation UpdateNotifications($input: UpdateNotificationsInput!) {\n    updateNotifications(input: $input) {\n      ...ViewerFields\n    }\n  }\n": types.UpdateNotificationsDocument,
    "\n  mutation UpdatePortalSettings($input: UpdatePortalSettingsInput!) {\n    updatePortalSettings(input: $input) {\n      displayName\n      logoUrl\n      color\n      frameOrigins\n    }\n  }\n": types.UpdatePortalSettingsDocument,
    "\n  mutation UpdatePreferences($input: UpdatePreferencesInput!) {\n    updatePreferences(input: $input) {\n      ...ViewerFields\n    }\n  }\n": types.UpdatePreferencesDocument,
    "\n  mutation UpdatePrivacyPolicy($input: UpdatePrivacyPolicyInput!) {\n    updatePrivacyPolicy(input: $input) {\n      ...PrivacyPolicyFields\n    }\n  }\n": types.UpdatePrivacyPolicyDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation SetWebhookEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEnabled(id: $id, enabled: $enabled) {\n      ...WebhookFields\n    }\n  }\n": types.SetWebhookEnabledDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation RedeliverWebhook($webhookId: ID!, $deliveryId: ID!) {\n    redeliverWebhook(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      state\n      attempts\n      updatedAt\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": types.ApiKeysDocument,
    "\n  query LatestDataExport {\n    latestDataExport {\n      ...DataExportFields\n    }\n  }\n": types.LatestDataExportDocument,
    "\n  query PortalSettings {\n    portalSettings {\n      displayName\n      logoUrl\n      color\n      frameOrigins\n    }\n  }\n": types.PortalSettingsDocument,
    "\n  query PrivacyPolicy {\n    privacyPolicy {\n      ...PrivacyPolicyFields\n    }\n  }\n": types.PrivacyPolicyDocument,
    "\n  query ProviderKeys {\n    providerKeys {\n      ...ProviderKeyFields\n    }\n  }\n": types.ProviderKeysDocument,
    "\n  query SettingsPage {\n    viewer {\n      ...ViewerFields\n    }\n    planCatalogue {\n      plans {\n        id\n        kind\n        name\n        description\n        monthlyPriceCents\n        ratePerCallCents\n        retentionDays\n        features\n      }\n    }\n  }\n": types.SettingsPageDocument,
    "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int) {\n    webhookDeliveries(webhookId: $webhookId, limit: $limit) {\n      id\n      event\n      state\n      attempts\n      statusCode\n      durationMs\n      error\n      createdAt\n      updatedAt\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  query Webhooks {\n    webhooks {\n      ...WebhookFields\n    }\n  }\n": types.WebhooksDocument,
    "\n  query SharedConversation($token: String!) {\n    sharedConversation(token: $token) {\n      title\n      sharedAt\n      messages {\n        role\n        content\n        createdAt\n      }\n    }\n  }\n": types.SharedConversationDocument,
    "\n  fragment UploadFields on Upload {\n    id\n    fileName\n    kind\n    size\n    state\n    percent\n    pages\n    chunks\n    summary\n    summaryMemoryId\n    error\n    createdAt\n  }\n": types.UploadFieldsFragmentDoc,
    "\n  query Uploads($limit: Int, $offset: Int) {\n    uploads(limit: $limit, offset: $offset) {\n      totalCount\n      uploads {\n        ...UploadFields\n      }\n    }\n  }\n": types.UploadsDocument,
    "\n  query Upload($id: ID!) {\n    upload(id: $id) {\n      ...UploadFields\n    }\n  }\n": types.UploadDocument,
    "\n  mutation BeginUpload($input: BeginUploadInput!) {\n    beginUpload(input: $input) {\n      ...UploadFields\n    }\n  }\n": types.BeginUploadDocument,
    "\n  mutation UploadPart($uploadId: ID!, $index: Int!, $data: String!) {\n    uploadPart(uploadId: $uploadId, index: $index, data: $data)\n  }\n": types.UploadPartDocument,
    "\n  mutation CompleteUpload($uploadId: ID!) {\n    completeUpload(uploadId: $uploadId) {\n      ...UploadFields\n    }\n  }\n": types.CompleteUploadDocument,
    "\n  mutation DeleteUpload($id: ID!) {\n    deleteUpload(id: $id) {\n      uploadId\n      memoriesDeleted\n      fileDeleted\n    }\n  }\n": types.DeleteUploadDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ViewerFields on Viewer {\n    id\n    email\n    name\n    bio\n    createdAt\n    lastActiveAt\n    settings {\n      theme\n      defaultModel\n    }\n    notifications {\n      emailNotifications\n      newFeatures\n      marketingEmails\n      conversationSummaries\n    }\n    memoryGraph {\n      id\n      status\n      createdAt\n    }\n    authMethods\n    setupComplete\n    plan\n  }\n"): (typeof documents)["\n  fragment ViewerFields on Viewer {\n    id\n    email\n    name\n    bio\n    createdAt\n    lastActiveAt\n    settings {\n      theme\n      defaultModel\n    }\n    notifications {\n      emailNotifications\n      newFeatures\n      marketingEmails\n      conversationSummaries\n    }\n    memoryGraph {\n      id\n      status\n      createdAt\n    }\n    authMethods\n    setupComplete\n    plan\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefreshSession {\n    refreshSession {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation RefreshSession {\n    refreshSession {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"): (typeof documents)["\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut\n  }\n"): (typeof documents)["\n  mutation SignOut {\n    signOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuthConfig {\n    authConfig {\n      googleEnabled\n      googleProviderName\n    }\n  }\n"): (typeof documents)["\n  query AuthConfig {\n    authConfig {\n      googleEnabled\n      googleProviderName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddFunds($amountCents: Int!) {\n    addFunds(amountCents: $amountCents) {\n      status\n      checkoutUrl\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddFunds($amountCents: Int!) {\n    addFunds(amountCents: $amountCents) {\n      status\n      checkoutUrl\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePlan($plan: String!) {\n    changePlan(plan: $plan) {\n      status\n      checkoutUrl\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePlan($plan: String!) {\n    changePlan(plan: $plan) {\n      status\n      checkoutUrl\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n"): (typeof documents)["\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemoriesPastRetention($retentionDays: Int) {\n    memoriesPastRetention(retentionDays: $retentionDays)\n  }\n"): (typeof documents)["\n  query MemoriesPastRetention($retentionDays: Int) {\n    memoriesPastRetention(retentionDays: $retentionDays)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentProvider {\n    paymentProvider {\n      id\n      simulation\n      supportEmail\n    }\n  }\n"): (typeof documents)["\n  query PaymentProvider {\n    paymentProvider {\n      id\n      simulation\n      supportEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubscriptionStatus {\n    subscription {\n      ...SubscriptionFields\n    }\n    subscriptionCheck {\n      valid\n      reason\n    }\n    paymentProvider {\n      id\n      simulation\n      label\n      supportEmail\n    }\n  }\n"): (typeof documents)["\n  query SubscriptionStatus {\n    subscription {\n      ...SubscriptionFields\n    }\n    subscriptionCheck {\n      valid\n      reason\n    }\n    paymentProvider {\n      id\n      simulation\n      label\n      supportEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SubscriptionFields on SubscriptionStatus {\n    status\n    plan\n    balanceCents\n    rateCents\n    conversationsUsed\n    conversationsLimit\n    retentionDays\n    renewsAt\n  }\n"): (typeof documents)["\n  fragment SubscriptionFields on SubscriptionStatus {\n    status\n    plan\n    balanceCents\n    rateCents\n    conversationsUsed\n    conversationsLimit\n    retentionDays\n    renewsAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UsagePage($ledgerLimit: Int) {\n    usageSummary {\n      from\n      to\n      daily {\n        day\n        calls\n        conversations\n        tokens\n        costCents\n        chargedCents\n      }\n      totals {\n        calls\n        conversations\n        tokens\n        costCents\n        chargedCents\n      }\n    }\n    ledger(limit: $ledgerLimit) {\n      total\n      entries {\n        id\n        kind\n        amountCents\n        balanceAfterCents\n        description\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query UsagePage($ledgerLimit: Int) {\n    usageSummary {\n      from\n      to\n      daily {\n        day\n        calls\n        conversations\n        tokens\n        costCents\n        chargedCents\n      }\n      totals {\n        calls\n        conversations\n        tokens\n        costCents\n        chargedCents\n      }\n    }\n    ledger(limit: $ledgerLimit) {\n      total\n      entries {\n        id\n        kind\n        amountCents\n        balanceAfterCents\n        description\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatMemoryFields on ChatMemory {\n    id\n    text\n    importance\n    category\n    source\n    used\n  }\n"): (typeof documents)["\n  fragment ChatMemoryFields on ChatMemory {\n    id\n    text\n    importance\n    category\n    source\n    used\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatTurnFields on ChatTurn {\n    conversationId\n    conversationTitle\n    userMessageId\n    assistantMessageId\n    text\n    model\n    responder\n    offline\n    memoriesUsed\n    createdAt\n    memoriesRetrieved {\n      ...ChatMemoryFields\n    }\n  }\n"): (typeof documents)["\n  fragment ChatTurnFields on ChatTurn {\n    conversationId\n    conversationTitle\n    userMessageId\n    assistantMessageId\n    text\n    model\n    responder\n    offline\n    memoriesUsed\n    createdAt\n    memoriesRetrieved {\n      ...ChatMemoryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    role\n    content\n    createdAt\n    mode\n    memories {\n      id\n      text\n      importance\n      category\n      source\n    }\n  }\n"): (typeof documents)["\n  fragment ChatMessageFields on ChatMessage {\n    id\n    role\n    content\n    createdAt\n    mode\n    memories {\n      id\n      text\n      importance\n      category\n      source\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ConversationSummaryFields on ConversationSummary {\n    id\n    title\n    preview\n    updatedAt\n    memoryCount\n  }\n"): (typeof documents)["\n  fragment ConversationSummaryFields on ConversationSummary {\n    id\n    title\n    preview\n    updatedAt\n    memoryCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareConversation($id: ID!) {\n    shareConversation(id: $id) {\n      token\n      sharedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ShareConversation($id: ID!) {\n    shareConversation(id: $id) {\n      token\n      sharedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeConversationShare($id: ID!) {\n    revokeConversationShare(id: $id) {\n      id\n      share {\n        token\n        sharedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeConversationShare($id: ID!) {\n    revokeConversationShare(id: $id) {\n      id\n      share {\n        token\n        sharedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WebSearch($query: String!, $numResults: Int!) {\n    webSearch(query: $query, numResults: $numResults, summarize: false) {\n      query\n      formattedResults\n      results {\n        title\n        url\n        snippet\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation WebSearch($query: String!, $numResults: Int!) {\n    webSearch(query: $query, numResults: $numResults, summarize: false) {\n      query\n      formattedResults\n      results {\n        title\n        url\n        snippet\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatModels {\n    chatModels {\n      defaultModelId\n      offline\n      models {\n        id\n        label\n        provider\n        inChatList\n        available\n        unavailableReason\n        isDefault\n      }\n    }\n  }\n"): (typeof documents)["\n  query ChatModels {\n    chatModels {\n      defaultModelId\n      offline\n      models {\n        id\n        label\n        provider\n        inChatList\n        available\n        unavailableReason\n        isDefault\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConversationShare($id: ID!) {\n    conversation(id: $id) {\n      id\n      share {\n        token\n        sharedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ConversationShare($id: ID!) {\n    conversation(id: $id) {\n      id\n      share {\n        token\n        sharedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Conversation($id: ID!) {\n    conversation(id: $id) {\n      id\n      title\n      model\n      messages {\n        ...ChatMessageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Conversation($id: ID!) {\n    conversation(id: $id) {\n      id\n      title\n      model\n      messages {\n        ...ChatMessageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Conversations($limit: Int!) {\n    conversations(limit: $limit, offset: 0) {\n      totalCount\n      conversations {\n        ...ConversationSummaryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Conversations($limit: Int!) {\n    conversations(limit: $limit, offset: 0) {\n      totalCount\n      conversations {\n        ...ConversationSummaryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecentConversations($limit: Int) {\n    conversations(limit: $limit) {\n      totalCount\n      conversations {\n        id\n        title\n        preview\n        memoryCount\n        updatedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query RecentConversations($limit: Int) {\n    conversations(limit: $limit) {\n      totalCount\n      conversations {\n        id\n        title\n        preview\n        memoryCount\n        updatedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlanCardFields on Plan {\n    id\n    name\n    monthlyPriceCents\n    features\n    callToAction\n    highlighted\n  }\n"): (typeof documents)["\n  fragment PlanCardFields on Plan {\n    id\n    name\n    monthlyPriceCents\n    features\n    callToAction\n    highlighted\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LandingPlanCatalogue {\n    planCatalogue(kind: subscription) {\n      plans {\n        ...PlanCardFields\n      }\n      developerApi {\n        centsPerMillionTokens\n        bringYourOwnKeys\n      }\n    }\n  }\n"): (typeof documents)["\n  query LandingPlanCatalogue {\n    planCatalogue(kind: subscription) {\n      plans {\n        ...PlanCardFields\n      }\n      developerApi {\n        centsPerMillionTokens\n        bringYourOwnKeys\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MemoryFields on Memory {\n    id\n    text\n    importance\n    category\n    source\n    conversationTitle\n    createdAt\n    updatedAt\n    version\n  }\n"): (typeof documents)["\n  fragment MemoryFields on Memory {\n    id\n    text\n    importance\n    category\n    source\n    conversationTitle\n    createdAt\n    updatedAt\n    version\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id) {\n      memoryIds\n      deletedAt\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id) {\n      memoryIds\n      deletedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateMemoryCategory($input: CreateMemoryCategoryInput!) {\n    createMemoryCategory(input: $input) {\n      name\n      description\n    }\n  }\n"): (typeof documents)["\n  mutation CreateMemoryCategory($input: CreateMemoryCategoryInput!) {\n    createMemoryCategory(input: $input) {\n      name\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMemoryCategory($input: UpdateMemoryCategoryInput!) {\n    updateMemoryCategory(input: $input) {\n      name\n      description\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMemoryCategory($input: UpdateMemoryCategoryInput!) {\n    updateMemoryCategory(input: $input) {\n      name\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMemoryCategory($name: String!) {\n    deleteMemoryCategory(name: $name) {\n      name\n      memoriesUncategorised\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteMemoryCategory($name: String!) {\n    deleteMemoryCategory(name: $name) {\n      name\n      memoriesUncategorised\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMemory($id: ID!, $input: UpdateMemoryInput!) {\n    updateMemory(id: $id, input: $input) {\n      ...MemoryFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMemory($id: ID!, $input: UpdateMemoryInput!) {\n    updateMemory(id: $id, input: $input) {\n      ...MemoryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CustomMemoryCategories {\n    customMemoryCategories {\n      name\n      description\n    }\n  }\n"): (typeof documents)["\n  query CustomMemoryCategories {\n    customMemoryCategories {\n      name\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Memories($limit: Int!, $offset: Int!, $sort: MemorySort!, $category: String) {\n    memories(limit: $limit, offset: $offset, sort: $sort, category: $category) {\n      limit\n      offset\n      count\n      totalCount\n      memories {\n        ...MemoryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Memories($limit: Int!, $offset: Int!, $sort: MemorySort!, $category: String) {\n    memories(limit: $limit, offset: $offset, sort: $sort, category: $category) {\n      limit\n      offset\n      count\n      totalCount\n      memories {\n        ...MemoryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemoryDetails($id: ID!) {\n    memory(id: $id) {\n      ...MemoryFields\n      metadata\n      conversationId\n      validFrom\n      validTo\n    }\n    memoryHistory(id: $id) {\n      memoryId\n      versions {\n        version\n        text\n        importance\n        category\n        event\n        recordedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query MemoryDetails($id: ID!) {\n    memory(id: $id) {\n      ...MemoryFields\n      metadata\n      conversationId\n      validFrom\n      validTo\n    }\n    memoryHistory(id: $id) {\n      memoryId\n      versions {\n        version\n        text\n        importance\n        category\n        event\n        recordedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemoryConcepts($id: ID!) {\n    memoryConcepts(id: $id) {\n      id\n      name\n      kind\n      category\n    }\n  }\n"): (typeof documents)["\n  query MemoryConcepts($id: ID!) {\n    memoryConcepts(id: $id) {\n      id\n      name\n      kind\n      category\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemoryGraph($maxNodes: Int!) {\n    memoryGraph(maxNodes: $maxNodes) {\n      truncated\n      concepts {\n        id\n        name\n        kind\n        category\n        memoryCount\n      }\n      relations {\n        source\n        target\n        weight\n      }\n    }\n  }\n"): (typeof documents)["\n  query MemoryGraph($maxNodes: Int!) {\n    memoryGraph(maxNodes: $maxNodes) {\n      truncated\n      concepts {\n        id\n        name\n        kind\n        category\n        memoryCount\n      }\n      relations {\n        source\n        target\n        weight\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConceptMemories($conceptId: ID!, $limit: Int!) {\n    conceptMemories(conceptId: $conceptId, limit: $limit) {\n      totalCount\n      memories {\n        ...MemoryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ConceptMemories($conceptId: ID!, $limit: Int!) {\n    conceptMemories(conceptId: $conceptId, limit: $limit) {\n      totalCount\n      memories {\n        ...MemoryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemorySearch($query: String!, $limit: Int!, $filters: MemorySearchFilters) {\n    memorySearch(query: $query, limit: $limit, filters: $filters) {\n      count\n      query\n      results {\n        score\n        memory {\n          ...MemoryFields\n        }\n        scores {\n          semantic\n          keyword\n          fused\n          importance\n          recency\n          conceptMatch\n          timeMatch\n          final\n          reasons\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MemorySearch($query: String!, $limit: Int!, $filters: MemorySearchFilters) {\n    memorySearch(query: $query, limit: $limit, filters: $filters) {\n      count\n      query\n      results {\n        score\n        memory {\n          ...MemoryFields\n        }\n        scores {\n          semantic\n          keyword\n          fused\n          importance\n          recency\n          conceptMatch\n          timeMatch\n          final\n          reasons\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemoryStats {\n    memoryStats {\n      memoryCount\n      avgImportance\n      oldestTimestamp\n      conceptCount\n      relationCount\n    }\n  }\n"): (typeof documents)["\n  query MemoryStats {\n    memoryStats {\n      memoryCount\n      avgImportance\n      oldestTimestamp\n      conceptCount\n      relationCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    description\n    displayPrefix\n    active\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    description\n    displayPrefix\n    active\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DataExportFields on DataExport {\n    id\n    state\n    stage\n    percent\n    createdAt\n    expiresAt\n    bytes\n    downloadUrl\n    error\n  }\n"): (typeof documents)["\n  fragment DataExportFields on DataExport {\n    id\n    state\n    stage\n    percent\n    createdAt\n    expiresAt\n    bytes\n    downloadUrl\n    error\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PrivacyPolicyFields on PrivacyPolicy {\n    kinds {\n      kind\n      action\n      defaultAction\n      redactionCount\n    }\n  }\n"): (typeof documents)["\n  fragment PrivacyPolicyFields on PrivacyPolicy {\n    kinds {\n      kind\n      action\n      defaultAction\n      redactionCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProviderKeyFields on ProviderKey {\n    id\n    provider\n    last4\n    baseUrl\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ProviderKeyFields on ProviderKey {\n    id\n    provider\n    last4\n    baseUrl\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    consecutiveFailures\n    createdAt\n  }\n"): (typeof documents)["\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    consecutiveFailures\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddProviderKey($input: AddProviderKeyInput!) {\n    addProviderKey(input: $input) {\n      ...ProviderKeyFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddProviderKey($input: AddProviderKeyInput!) {\n    addProviderKey(input: $input) {\n      ...ProviderKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($currentPassword: String) {\n    deleteAccount(currentPassword: $currentPassword) {\n      userId\n      deletedAt\n      pending\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($currentPassword: String) {\n    deleteAccount(currentPassword: $currentPassword) {\n      userId\n      deletedAt\n      pending\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveProviderKey($id: ID!) {\n    removeProviderKey(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveProviderKey($id: ID!) {\n    removeProviderKey(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartDataExport {\n    startDataExport {\n      ...DataExportFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartDataExport {\n    startDataExport {\n      ...DataExportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestProviderKey($id: ID!) {\n    testProviderKey(id: $id) {\n      ok\n      provider\n      message\n      model\n    }\n  }\n"): (typeof documents)["\n  mutation TestProviderKey($id: ID!) {\n    testProviderKey(id: $id) {\n      ok\n      provider\n      message\n      model\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNotifications($input: UpdateNotificationsInput!) {\n    updateNotifications(input: $input) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNotifications($input: UpdateNotificationsInput!) {\n    updateNotifications(input: $input) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePortalSettings($input: UpdatePortalSettingsInput!) {\n    updatePortalSettings(input: $input) {\n      displayName\n      logoUrl\n      color\n      frameOrigins\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePortalSettings($input: UpdatePortalSettingsInput!) {\n    updatePortalSettings(input: $input) {\n      displayName\n      logoUrl\n      color\n      frameOrigins\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePreferences($input: UpdatePreferencesInput!) {\n    updatePreferences(input: $input) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePreferences($input: UpdatePreferencesInput!) {\n    updatePreferences(input: $input) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePrivacyPolicy($input: UpdatePrivacyPolicyInput!) {\n    updatePrivacyPolicy(input: $input) {\n      ...PrivacyPolicyFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePrivacyPolicy($input: UpdatePrivacyPolicyInput!) {\n    updatePrivacyPolicy(input: $input) {\n      ...PrivacyPolicyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetWebhookEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEnabled(id: $id, enabled: $enabled) {\n      ...WebhookFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetWebhookEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEnabled(id: $id, enabled: $enabled) {\n      ...WebhookFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($webhookId: ID!, $deliveryId: ID!) {\n    redeliverWebhook(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      state\n      attempts\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverWebhook($webhookId: ID!, $deliveryId: ID!) {\n    redeliverWebhook(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      state\n      attempts\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LatestDataExport {\n    latestDataExport {\n      ...DataExportFields\n    }\n  }\n"): (typeof documents)["\n  query LatestDataExport {\n    latestDataExport {\n      ...DataExportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PortalSettings {\n    portalSettings {\n      displayName\n      logoUrl\n      color\n      frameOrigins\n    }\n  }\n"): (typeof documents)["\n  query PortalSettings {\n    portalSettings {\n      displayName\n      logoUrl\n      color\n      frameOrigins\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PrivacyPolicy {\n    privacyPolicy {\n      ...PrivacyPolicyFields\n    }\n  }\n"): (typeof documents)["\n  query PrivacyPolicy {\n    privacyPolicy {\n      ...PrivacyPolicyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProviderKeys {\n    providerKeys {\n      ...ProviderKeyFields\n    }\n  }\n"): (typeof documents)["\n  query ProviderKeys {\n    providerKeys {\n      ...ProviderKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsPage {\n    viewer {\n      ...ViewerFields\n    }\n    planCatalogue {\n      plans {\n        id\n        kind\n        name\n        description\n        monthlyPriceCents\n        ratePerCallCents\n        retentionDays\n        features\n      }\n    }\n  }\n"): (typeof documents)["\n  query SettingsPage {\n    viewer {\n      ...ViewerFields\n    }\n    planCatalogue {\n      plans {\n        id\n        kind\n        name\n        description\n        monthlyPriceCents\n        ratePerCallCents\n        retentionDays\n        features\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int) {\n    webhookDeliveries(webhookId: $webhookId, limit: $limit) {\n      id\n      event\n      state\n      attempts\n      statusCode\n      durationMs\n      error\n      createdAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($webhookId: ID!, $limit: Int) {\n    webhookDeliveries(webhookId: $webhookId, limit: $limit) {\n      id\n      event\n      state\n      attempts\n      statusCode\n      durationMs\n      error\n      createdAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks {\n    webhooks {\n      ...WebhookFields\n    }\n  }\n"): (typeof documents)["\n  query Webhooks {\n    webhooks {\n      ...WebhookFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SharedConversation($token: String!) {\n    sharedConversation(token: $token) {\n      title\n      sharedAt\n      messages {\n        role\n        content\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query SharedConversation($token: String!) {\n    sharedConversation(token: $token) {\n      title\n      sharedAt\n      messages {\n        role\n        content\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UploadFields on Upload {\n    id\n    fileName\n    kind\n    size\n    state\n    percent\n    pages\n    chunks\n    summary\n    summaryMemoryId\n    error\n    createdAt\n  }\n"): (typeof documents)["\n  fragment UploadFields on Upload {\n    id\n    fileName\n    kind\n    size\n    state\n    percent\n    pages\n    chunks\n    summary\n    summaryMemoryId\n    error\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Uploads($limit: Int, $offset: Int) {\n    uploads(limit: $limit, offset: $offset) {\n      totalCount\n      uploads {\n        ...UploadFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Uploads($limit: Int, $offset: Int) {\n    uploads(limit: $limit, offset: $offset) {\n      totalCount\n      uploads {\n        ...UploadFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Upload($id: ID!) {\n    upload(id: $id) {\n      ...UploadFields\n    }\n  }\n"): (typeof documents)["\n  query Upload($id: ID!) {\n    upload(id: $id) {\n      ...UploadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BeginUpload($input: BeginUploadInput!) {\n    beginUpload(input: $input) {\n      ...UploadFields\n    }\n  }\n"): (typeof documents)["\n  mutation BeginUpload($input: BeginUploadInput!) {\n    beginUpload(input: $input) {\n      ...UploadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadPart($uploadId: ID!, $index: Int!, $data: String!) {\n    uploadPart(uploadId: $uploadId, index: $index, data: $data)\n  }\n"): (typeof documents)["\n  mutation UploadPart($uploadId: ID!, $index: Int!, $data: String!) {\n    uploadPart(uploadId: $uploadId, index: $index, data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteUpload($uploadId: ID!) {\n    completeUpload(uploadId: $uploadId) {\n      ...UploadFields\n    }\n  }\n"): (typeof documents)["\n  mutation CompleteUpload($uploadId: ID!) {\n    completeUpload(uploadId: $uploadId) {\n      ...UploadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteUpload($id: ID!) {\n    deleteUpload(id: $id) {\n      uploadId\n      memoriesDeleted\n      fileDeleted\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteUpload($id: ID!) {\n    deleteUpload(id: $id) {\n      uploadId\n      memoriesDeleted\n      fileDeleted\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;