/**
 * The API's messages in British English: the catalogue every other language translates (fr-FR.ts has
 * the same keys, checked by the compiler). `{{name}}` is a parameter; `{{name, number}}` writes a number
 * as the language does ("1,000", "1 000"), `{{name, <noun>}}` a count with its noun (`counts`), and
 * `{{name, duration}}` and `{{name, list}}` format it for the language.
 * docs/adr/0013-messages-in-the-callers-language.md.
 */

/**
 * What a request's field was refused for, by kind of problem (zod issue kinds) and by the contracts'
 * own rules (`rule('…')` in a schema). Shown next to the field, by the API and by the client alike.
 */
export const issues = {
  required: 'Fill in this field.',
  type: 'Enter {{expected}}.',
  too_short: 'Too short: use at least {{min, character}}.',
  too_long: 'Too long: use at most {{max, character}}.',
  number_min: 'Enter a number of at least {{min, number}}.',
  number_above: 'Enter a number above {{min, number}}.',
  number_max: 'Enter a number of at most {{max, number}}.',
  number_below: 'Enter a number below {{max, number}}.',
  too_few: 'Give at least {{min, item}}.',
  too_many: 'Give at most {{max, item}}.',
  email: 'Enter a valid email address.',
  format: 'This value does not have the expected form.',
  one_of: 'Choose one of: {{values, list}}.',
  unknown_keys: 'Not accepted here: {{keys, list}}.',
  invalid: 'This value is not valid.',
  // The contracts' own rules.
  unstorable_text: 'Remove the NUL characters and broken Unicode sequences (lone surrogates): they cannot be stored.',
  id_format: 'An id has 1 to 100 letters, digits, "-" or "_".',
  unknown_field: 'Not accepted here; use {{keys, list}}.',
  patch_empty: 'Send at least one field to change.',
  page_size: 'page_size must be 12, 24 or 48',
  colleague_search_short: 'Type at least {{min, character}} of a name or an email address.',
  metadata_key_blank: 'A metadata key is not blank.',
  metadata_too_many_keys: 'Metadata holds at most {{max, number}} keys.',
  one_line: 'Keep it on one line, without control characters.',
  path_start: 'A path starts with "/".',
  email_or_empty: 'Enter a valid email address, or leave it empty.',
  history_account: 'An account is `organization:<id>`, `group:<id>`, `user:<id>`, `issuance` or `consumed`.',
  period_order: '`to` must come after `from`.',
  analysis_rerun_target: 'Choose a scenario, an observer, or both.',
  observer_trial_source: 'Paste a transcript or choose a session, one of them.',
  observer_trial_scenario_with_session: 'A session is judged against its own scenario: leave the scenario out.',
  dashboard_group_team_only: 'A group filters the team’s figures: ask for `scope=team`, or leave `group_id` out.',
  nb_credits: 'nb_credits is a whole number from 1 to {{max, number}}.',
  crop_all_or_none: 'Give the whole crop rectangle (crop_x, crop_y, crop_width and crop_height), or none of it.',
  program_item_once: 'Each scenario or playlist appears once in a program.',
  time_zone: 'Choose a time zone by its name, such as Europe/Paris.',
} as const;

/** How `{{expected}}` of `type` reads, by the type zod expected. */
export const types = {
  string: 'some text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  other: 'a value of the right type',
} as const;

/**
 * `{{name, <noun>}}`: a count and its noun, as a person says them ("1 credit", "1,000 credits"); the form is the
 * language's plural rule's (`Intl.PluralRules`), `other` standing for any form a language has and a noun lacks.
 * `{{name, duration}}` says a number of seconds with `second` or `minute`.
 */
export const counts = {
  second: { one: '{{count}} second', other: '{{count}} seconds' },
  minute: { one: '{{count}} minute', other: '{{count}} minutes' },
  character: { one: '{{count}} character', other: '{{count}} characters' },
  item: { one: '{{count}} item', other: '{{count}} items' },
  credit: { one: '{{count}} credit', other: '{{count}} credits' },
} as const;

/**
 * Error messages by error code. A code that several situations share has one entry per situation;
 * the thrown English message says which (the API picks the entry whose text it matches).
 */
export const errors = {
  // HTTP, the router and the body parser.
  bad_request: 'The request could not be understood. Check its syntax and try again.',
  unauthorized: 'Sign in to continue.',
  invalid_token: 'Your sign-in is not valid. Sign in again.',
  session_ended: 'Your session has ended. Sign in again.',
  forbidden: {
    default: 'You do not have permission to do this.',
    publish: 'You may not publish “{{title}}”.',
    other_users: 'You do not have permission to change other users.',
    fields: 'You do not have permission to change: {{fields}}.',
    archived_organizations: 'Only super-admins may list archived organizations.',
    session_wallet: 'Only a signed-in user pays for a session from their own wallet.',
  },
  not_found: 'Nothing exists at this address.',
  method_not_allowed: 'This address does not accept this method.',
  not_acceptable: 'This address cannot answer in the format you asked for.',
  request_timeout: 'The request took too long to arrive. Try again.',
  payload_too_large: 'The request body is larger than this address accepts.',
  unsupported_media_type: {
    default: 'Send the body as application/json (or as a form where the endpoint says so).',
    json: 'Send the body as application/json.',
    form: 'Send the body as application/x-www-form-urlencoded.',
    multipart: 'Send the upload as multipart/form-data.',
  },
  too_many_requests: {
    default: 'Too many requests. Wait a moment and try again.',
    attempts: 'Too many attempts. Wait {{retry_after_seconds, duration}} and try again.',
    uploads_user:
      'You have uploaded too many images in the last few minutes. Wait {{retry_after_seconds, duration}} and try again.',
    uploads_organization:
      'Your organization has uploaded too many images in the last few minutes. Wait {{retry_after_seconds, duration}} and try again.',
    api_key: 'This API key has made too many requests. Wait {{retry_after_seconds, duration}} and try again.',
  },
  not_implemented: 'This method is not supported here.',
  http_error: 'The request was refused.',
  invalid_json: 'The request body is not valid JSON.',
  invalid_request: 'Some fields are missing or invalid. Correct them and try again.',
  invalid_text:
    'The request holds characters that cannot be stored (a NUL character or a broken Unicode sequence). Remove them and try again.',
  internal_error:
    'Something went wrong on our side. Try again; if it keeps happening, contact support and quote request id {{request_id}}.',
  store_unavailable: 'The service is unavailable for a moment. Try again in a few seconds.',
  service_unavailable:
    'Something went wrong on our side. Try again; if it keeps happening, contact support and quote request id {{request_id}}.',
  invalid_idempotency_key: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different request. Use a new key.',
  idempotency_request_in_progress: 'The first request with this Idempotency-Key is still running. Retry shortly.',
  idempotent_answer_erased:
    'The answer to this request was erased with the session it concerned. Send a new request with a new Idempotency-Key.',

  // Signing in, passwords, invitations.
  invalid_credentials: 'The email address or password is incorrect. Check them and try again.',
  account_disabled: 'This account is disabled. Contact your organization’s administrator.',
  current_password_incorrect: 'Your current password is not correct.',
  password_unchanged: 'Choose a new password that differs from the current one.',
  password_invalid: 'The password does not meet the rules.',
  reset_code_invalid: {
    default: 'This reset link is not valid. Ask for a new one.',
    decided: 'This reset link is not valid; ask for a new one.',
  },
  reset_code_used: 'This reset link has already been used; ask for a new one.',
  reset_code_expired: 'This reset link has expired; ask for a new one.',
  invite_code_invalid: {
    default: 'This invitation link is not valid. Ask your administrator for a new invitation.',
    decided: 'This invitation link is not valid; ask for a new one.',
  },
  invite_code_expired: {
    default: 'This invitation has expired. Ask your administrator for a new one.',
    decided: 'This invitation has expired; ask for a new one.',
  },
  invite_code_used: 'This invitation has already been used. Sign in with your password.',
  identity_already_linked: 'This account is already linked to another identity of this provider.',
  read_models_behind: 'Your account is being set up. Sign in again in a moment.',
  refresh_token_revoked: 'This sign-in has ended. Sign in again.',
  sso_session_ended: 'Your single sign-on session has ended. Sign in again.',
  refresh_token_invalid: 'This refresh token is not valid. Sign in again.',
  refresh_token_reused:
    'This refresh token was already used, so this sign-in has been ended everywhere for safety. Sign in again.',
  refresh_token_expired: 'This sign-in has expired. Sign in again.',
  sso_account_not_activated:
    'This account has a pending invitation. Accept the invitation first, then sign in with single sign-on.',
  sso_email_missing:
    'The identity provider did not share your email address, which is needed to sign you in. Contact your administrator.',
  sso_email_not_verified:
    'The identity provider has not verified your email address. Verify it there, then sign in again.',
  sso_organization_mismatch:
    'An account with this email address belongs to another organization, so this realm cannot sign it in.',
  sso_organization_unavailable:
    'The organization this realm signs users in to does not exist or is archived. Contact your administrator.',
  sso_provider_unavailable: 'The identity provider of realm "{{realm}}" cannot be reached. Try again in a moment.',
  sso_provider_misconfigured:
    'The identity provider of realm "{{realm}}" answered with metadata that does not match the realm (check its issuer URL).',
  sso_state_invalid:
    'This sign-in link has expired, was already used or was not started here. Start the sign-in again.',
  sso_issuer_mismatch:
    'This answer does not come from the identity provider of realm "{{realm}}". Start the sign-in again.',
  sso_code_exchange_failed:
    'The identity provider did not accept this sign-in code (expired or already used). Start the sign-in again.',
  sso_response_invalid:
    'The identity provider’s answer failed validation (issuer, audience, nonce, expiry or signature). Start the sign-in again.',
  sso_secret_unreadable:
    'Single sign-on is misconfigured on our side (a stored secret cannot be read). Contact support.',
  realm_exists: 'A realm named "{{name}}" already exists. Choose another name or delete it first.',
  realm_read_only: 'The realm "{{name}}" comes from the SSO_REALMS environment variable; change it there.',
  realm_not_found: 'There is no single sign-on realm named "{{name}}".',

  // Users.
  invalid_email: 'Enter a valid email address.',
  email_taken: 'Another account already uses this email address.',
  email_claim_not_held: 'Only the account holding this email address can release it.',
  invalid_role: 'The role must be one of {{roles}}.',
  invalid_first_name: 'A name has at most {{max, number}} characters.',
  invalid_last_name: 'A name has at most {{max, number}} characters.',
  invalid_locale: 'The language must be one of {{locales}}.',
  invalid_expiry: {
    code: 'A code must expire after it is issued.',
    reservation: 'A reservation expires after it is made.',
  },
  invalid_identity: 'An identity {{part}} has 1 to {{max, number}} characters.',
  user_not_found: {
    default: 'There is no user with this id.',
    decided: 'This user does not exist.',
    group_organization: 'There is no such user in this group’s organization.',
  },
  user_disabled: 'This account is disabled; enable it first.',
  user_not_invited: {
    default: 'This user has no pending invitation.',
    decided: 'This account has no pending invitation.',
  },
  user_not_active: {
    default: 'This account is not activated yet; use the invitation first.',
    resend: 'This account is not activated yet: send the invitation again instead.',
    gone: 'This account is no longer active; nothing was sent.',
  },
  user_exists: 'This user already exists.',
  super_admin_outside_platform:
    'Super-admins belong to the platform organization only. Choose another role for this organization.',
  role_not_assignable: 'You cannot grant the role {{role}}.',
  user_not_manageable: 'You cannot change a user whose role is above yours.',
  cannot_change_own_role: 'You cannot change your own role.',
  cannot_disable_self: 'You cannot disable yourself.',
  cannot_delete_self: 'You cannot delete yourself.',
  super_admin_not_found: 'There is no super-admin with this id.',
  last_super_admin:
    'This is the last active super-admin: invite or promote another one before demoting, disabling or removing it.',
  platform_not_initialized: 'The platform is not initialised yet; try again shortly.',
  platform_already_initialized: 'This installation has already been initialised.',

  // Applications.
  application_not_found: 'There is no such application.',

  // User groups.
  invalid_user_group_name: 'A group name has 1 to {{max, number}} characters.',
  invalid_user_group_description: 'A description has at most {{max, number}} characters.',
  user_group_not_found: 'This user group does not exist.',
  user_group_archived: 'This user group is archived and can no longer be changed.',
  user_group_exists: 'This user group already exists.',
  user_not_in_organization: 'A group’s members belong to the group’s organization.',

  // AI providers, service keys, models and speech voices.
  invalid_ai_provider_name: 'A provider name has 1 to {{max, number}} characters.',
  invalid_ai_provider_url: 'The base URL is an http or https address, such as https://example.com/v1.',
  invalid_ai_provider_region: 'A region is written in lower-case letters, digits and "-", such as westeurope.',
  invalid_ai_provider_api_version: 'An API version is written like 2024-10-21.',
  ai_provider_base_url_required: 'This kind of provider needs its base URL.',
  ai_provider_api_version_required: 'An Azure OpenAI provider needs its API version.',
  ai_provider_region_required: 'An Azure Speech provider needs its region or its endpoint.',
  ai_provider_builtin_settings: 'The built-in provider takes no endpoint settings.',
  ai_provider_builtin: 'The built-in provider cannot be disabled or deleted.',
  ai_provider_not_found: 'This AI provider does not exist.',
  ai_provider_exists: 'This AI provider already exists.',
  ai_provider_url_refused:
    'This address cannot be called: use https, and a private network address only where the deployment sets AI_ALLOW_PRIVATE_NETWORK=true.',
  ai_provider_kind_reserved: 'The built-in provider exists once; it cannot be added.',
  ai_provider_platform_only:
    'Platform-wide providers, and their keys, models and voices, are changed by super-admins only.',
  ai_provider_in_use: 'This provider is still used by {{names}}; delete or change them first.',
  ai_provider_disabled: 'This AI provider is disabled.',
  ai_provider_needs_no_key: 'The built-in provider needs no key.',
  ai_provider_not_speech: 'Voices belong to a speech provider.',
  invalid_ai_service_key_label: 'A key label has 1 to {{max, number}} characters.',
  ai_service_key_not_found: 'This service key does not exist.',
  ai_service_key_exists: 'This service key already exists.',
  ai_service_key_revoked: 'This service key is revoked and can no longer be changed.',
  api_key_not_found: 'This API key does not exist.',
  api_key_exists: 'This API key already exists.',
  invalid_api_key_name: 'A key’s name has 1 to {{max, number}} characters.',
  api_key_without_permissions: 'Give the key at least one permission.',
  api_key_permission_not_held:
    'A key can only hold permissions you hold yourself, and never manage keys: {{permissions, list}}.',
  api_key_expiry_past: 'Choose an expiry date in the future.',
  api_key_revoked: 'This API key is revoked.',
  api_key_expired: 'This API key has expired.',
  api_key_rotated: 'This API key has already been rotated: rotate its replacement.',
  invalid_api_key_grace: 'The grace period is 0 to 168 hours.',
  api_key_not_allowed: 'An API key cannot do this: sign in as a person to do it.',
  api_key_wrong_scope: 'This key does not work here: API keys call /v1, SCIM tokens /scim/v2.',
  scim_token_not_found: 'This SCIM token does not exist.',
  // Bulk import of users (docs/api/integrations.md, "Bulk import"): the file's refusals, then each row's problems.
  user_import_not_found: 'This import does not exist.',
  user_import_empty: 'The file has no rows to import: a header line, then a line per person.',
  user_import_too_large: 'The file is too large: keep it under {{max, number}} characters, or split it.',
  user_import_too_many_rows: 'The file has too many rows: at most {{max, number}}. Split it into several files.',
  user_import_columns_missing:
    'The header line lacks a column: {{columns, list}}. Name the columns email, first_name, last_name, role, groups.',
  user_import_csv_invalid: 'The file is not valid CSV near line {{line, number}}: check its quotes.',
  import_email_invalid: 'Enter a valid email address.',
  import_email_repeated: 'This address is already on line {{line, number}} of the file.',
  import_first_name_missing: 'A new user needs a first name.',
  import_last_name_missing: 'A new user needs a last name.',
  import_name_too_long: 'A name has at most {{max, number}} characters.',
  import_role_unknown: 'Unknown role “{{role}}”: use operator, editor or user.',
  import_role_not_assignable: 'You cannot grant the role {{role}}.',
  import_group_unknown: 'There is no group named “{{group}}”: create it first, or correct the name.',
  import_user_not_manageable: 'You cannot change a user whose role is above yours.',
  import_own_role: 'You cannot change your own role.',
  import_row_failed: 'This row could not be done ({{code}}).',
  import_unchanged: 'Nothing to change.',
  import_email_taken: 'Another account already uses this address; the import leaves it alone.',
  invalid_ai_model_id: 'A model id has 1 to {{max, number}} characters.',
  invalid_ai_model_display_name: 'A display name has 1 to {{max, number}} characters.',
  invalid_ai_model_capabilities: 'A model has at least one capability: chat, realtime, transcription or speech.',
  invalid_ai_model_credits: 'The price is a whole number of credits per minute from 0 to {{max, number}}.',
  invalid_ai_model_temperature: 'The temperature is a number from 0 to {{max, number}}.',
  invalid_ai_model_max_output_tokens: 'The maximum output is a whole number of tokens from 1 to {{max, number}}.',
  ai_model_not_found: 'This AI model does not exist.',
  ai_model_exists: 'This AI model already exists.',
  ai_model_in_use: 'This model is still used by {{names}}; delete or change them first.',
  ai_voice_in_use: 'This voice is still used by {{names}}; delete or change them first.',
  invalid_ai_voice_id: 'A voice id has 1 to {{max, number}} characters.',
  invalid_ai_voice_display_name: 'A display name has 1 to {{max, number}} characters.',
  invalid_ai_voice_languages: 'A voice speaks at least one of en-GB, en-US and fr-FR.',
  ai_voice_not_found: 'This speech voice does not exist.',
  ai_voice_exists: 'This speech voice already exists.',
  ai_voice_no_speech_model:
    'Add a model with the speech capability to this provider first: voice samples are made with it.',
  ai_speech_not_supported: 'This provider cannot make speech or list its voices yet.',
  // The connection test's answer (POST /v1/ai_providers/{id}/test), by AiCallError code.
  ai_call_failed: {
    no_key: 'This provider has no service key yet: add one under Service keys.',
    wrong_key: 'The provider refused the key: check the service key, or add the right one.',
    unknown_model: 'The provider does not know this model or deployment: check its id.',
    unreachable: 'The provider could not be reached: check the address, and that the server is running.',
    tls_error: 'The secure connection failed: the provider’s certificate is not valid for this address.',
    timeout: 'The provider did not answer in time: try again, or check the address.',
    rate_limited: 'The provider is limiting requests: wait a moment and try again, or raise the quota.',
    provider_error: 'The provider answered with an error: try again later.',
    circuit_open: 'Calls to this provider are paused after repeated failures: try again in a minute.',
    address_refused:
      'This address is refused: use https, and a private network address only where the deployment allows it.',
    invalid_output: 'The provider’s answer did not have the expected form.',
    cancelled: 'The call was cancelled.',
    not_supported: 'Providers of this kind cannot be tested yet.',
  },

  // Image uploads (docs/image-uploads.md).
  image_missing: 'Add the image in the form field "file".',
  image_empty: 'The file is empty: choose an image.',
  image_too_large: 'The file is larger than {{max_mb, number}} MB: choose a smaller image.',
  image_not_an_image: {
    default: 'This file is not an image we accept: upload a JPEG, PNG, GIF or WebP picture.',
    svg: 'SVG images are not accepted: upload a JPEG, PNG, GIF or WebP picture.',
  },
  image_polyglot:
    'This file holds more than a picture (data after the image, or markup or script inside it): export the picture again and upload that.',
  image_corrupt: 'This image cannot be read; it may be damaged. Export it again and upload that.',
  image_too_many_pixels:
    'This image is too large: at most {{max_megapixels, number}} megapixels. Make it smaller and try again.',
  image_crop_outside:
    'The crop rectangle goes outside the image ({{width, number}} × {{height, number}} pixels): adjust it.',
  image_not_found: 'This image does not exist.',
  image_quota_exceeded:
    'Your organization’s images already take all of its {{quota_mb}} MB of storage. Remove pictures you no longer use (an image nothing uses is deleted a day or two later) or ask a platform administrator for more space.',
  upload_malformed: {
    default: 'The upload could not be read: send it as multipart/form-data with the fields category and file.',
    files: 'Send one file per upload, in the field "file".',
    fields: 'The upload has too many fields, or a field that is too long.',
  },

  // Coaching content (docs/coaching-content.md).
  coaching_item_not_found: 'This item does not exist.',
  coaching_item_exists: 'This item already exists.',
  coaching_item_archived: {
    default: 'This item is archived: restore it before changing it.',
    used: '“{{title}}” is archived: restore it first.',
  },
  coaching_copy_not_allowed: 'A {{kind}} cannot be copied or forked.',
  coaching_fork_own_item: 'You can edit this item: copy it instead of forking it.',
  coaching_share_not_allowed: 'A {{kind}} is not shared.',
  coaching_share_organizations_forbidden: 'Only super-admins share with other organizations.',
  coaching_item_in_use: 'Still used by {{titles}}: archive it instead, or remove it from them first.',
  coaching_reference_not_found: 'Nothing with this id can be used here.',
  coaching_reference_unpublished: 'Publish “{{title}}” first: this {{kind}} uses it.',
  coaching_program_empty: 'Add a scenario or a playlist before publishing this program.',
  coaching_version_not_found: 'This version was never published.',
  // Programs and assignments (docs/programs.md).
  invalid_assignment_assignees: 'Assign it to 1 to {{max, number}} users or groups.',
  invalid_assignment_due_at: 'The due date comes after the start, and is still to come.',
  invalid_assignment_message: 'A message has at most {{max, number}} characters.',
  invalid_assignment_item: 'This program has no such item.',
  invalid_assignment_attempts: 'Grant 1 to {{max, number}} attempts at a time.',
  invalid_time_zone: 'Choose a time zone by its name, such as Europe/Paris.',
  assignment_not_found: 'This assignment does not exist.',
  certificate_not_found: 'There is no certificate with this id.',
  invalid_notice_link: 'A notice leads to a page of the app.',
  assignment_exists: 'This assignment already exists.',
  assignment_withdrawn: 'This assignment was withdrawn and can no longer be changed.',
  leaderboards_disabled:
    'Leaderboards are off in your organization. An administrator can turn them on in its settings.',
  leaderboard_group_required: 'Choose the user group whose leaderboard to show.',
  program_not_published: 'Publish this program before assigning it.',
  assignee_not_found: 'No user or group with this id in your organization.',
  invalid_iso_week: 'A week is an ISO week such as 2031-W12.',

  // Coaching sessions (docs/coaching-sessions.md).
  coaching_session_preparing: 'The session is saved and being prepared. Open it again in a moment.',
  coaching_session_not_found: 'This session does not exist.',
  coaching_session_exists: 'This session already exists.',
  coaching_session_private_guest: 'A guest’s session cannot be private practice.',
  coaching_session_ended: 'This session has already ended ({{status}}).',
  invalid_coaching_session_name: 'A session name has 1 to {{max, number}} characters.',
  invalid_coaching_session_limits:
    'A session needs a time limit of at least a second, a turn limit of at least one turn or none, and a whole price.',
  coaching_session_reservation_mismatch: 'A session reserves its price for the whole time limit: {{price, credit}}.',
  coaching_session_reservation_expiry: 'A session’s reservation expires after its time limit.',
  coaching_session_turn_empty: 'A turn says something.',
  coaching_session_turn_id_reused: 'This turn id was already used for another turn.',
  coaching_session_awaiting_reply: 'The persona has not answered your last turn yet: send it again to retry.',
  coaching_session_turn_out_of_order:
    'The persona answers the last learner turn, or opens a conversation nobody has spoken in.',
  shared_session_not_found: 'This share link does not exist.',
  shared_session_exists: 'This share link already exists.',
  shared_session_unavailable:
    'This link does not work: it may be wrong, expired or no longer offered. Ask the person who shared it for a new one.',
  shared_session_wallet_empty:
    'This link cannot start a session right now: its credits have run out. The person who shared it has been told.',
  invalid_shared_session_label: 'A link’s label has 1 to {{max, number}} characters.',
  invalid_shared_session_expiry: 'A link expires in the future, within {{days, number}} days.',
  invalid_shared_session_max_uses: 'A link is used 1 to {{max, number}} times.',
  invalid_guest_display_name: 'Your name has 1 to {{max, number}} characters.',
  coaching_session_access_expired:
    'This shared session has expired: its link is no longer valid, so its result cannot be opened any more.',
  coaching_session_reply_failed:
    'The persona could not answer: the AI provider failed. Nothing was recorded or charged; send your turn again.',
  coaching_session_not_voice: {
    default: 'This session is played by text: open its voice only for a scenario in voice mode.',
    settings: 'This session is played by text: it has no voice settings.',
  },
  invalid_coaching_session_voice_speed: 'A voice speed is from {{min, number}} to {{max, number}}.',
  invalid_coaching_session_turn_detection: 'Turn detection is voice_activity or push_to_talk.',
  coaching_voice_not_started: 'Start the session’s voice on this connection first (voice.start).',
  // The gateway: a socket whose access ended (`gateway.revoked`), and messages it does not take.
  role_changed: 'Your role in your organization has changed. Connect again to go on with what you may do now.',
  shared_session_revoked: 'The person who shared this session has withdrawn its link: the session has ended.',
  gateway_unknown_event: 'This connection does not take this message. Reload the page to get the current version.',
  coaching_voice_provider_failed:
    'The persona’s voice connection failed: what was said is kept. Start the voice again, or carry on by text.',
  coaching_recording_not_found: 'This recording does not exist, or was deleted with its session.',
  coaching_voice_recognition_failed: 'What you said could not be recognised: say it again, or type it.',
  coaching_voice_synthesis_failed:
    'The persona’s voice failed for this reply: read it on screen. Nothing is lost; the next reply is spoken again.',
  coaching_scenario_unplayable:
    'This scenario cannot be played: its persona, mission or model is no longer available. Ask its author to publish it again.',
  coaching_session_analysis_not_found: 'This session has no analysis report of this version.',
  coaching_session_analysis_running: 'The analysis of this session is still running: re-run it once it has finished.',
  coaching_session_not_analysable: 'Only a session that ended in win, loose or end is analysed.',
  analysis_observer_unknown: 'This observer did not take part in this report.',
  analysis_report_not_done: 'This observer has not delivered its report: correct it once it is done.',
  analysis_criterion_unknown: 'This criterion is not in the observer’s rubric.',
  analysis_score_out_of_scale: 'Give a whole score from {{min, number}} to {{max, number}}.',
  analysis_correction_comment_required: 'Say why the score is corrected.',
  analysis_correction_comment_too_long: 'Keep the comment to {{max, number}} characters.',

  // Background jobs.
  background_job_not_found: 'There is no such job, or you may not follow it.',
  background_job_exists: 'A job with this id exists already.',
  background_job_items_repeated: 'A job works through each item once.',
  background_job_unfinished: 'This job still has items to process.',

  // Session generators (docs/coaching-session-generators.md).
  session_generator_not_found: 'This session generator does not exist.',
  session_generator_draft_not_found: 'This generator saved no draft with this id.',
  session_generator_exists: 'This session generator already exists.',
  invalid_session_generator: 'Check this field of the brief.',

  // Ask the coach (docs/coaching-sessions.md).
  coaching_chat_not_found: 'This conversation does not exist.',
  coaching_chat_exists: 'This conversation already exists.',
  invalid_coaching_chat_title: 'A conversation title has 1 to {{max, number}} characters.',
  invalid_coaching_chat_question: 'A question has 1 to {{max, number}} characters.',
  coaching_chat_message_id_reused: 'This message id was already used for another question.',
  coaching_chat_full: 'A conversation holds at most {{max, number}} questions: start a new one.',
  coaching_chat_answer_empty: 'The coach’s answer is empty: ask again.',
  coaching_chat_session_playing: 'This session is still playing: ask the coach once it has ended.',
  coaching_chat_reply_failed:
    'The coach could not answer: the AI provider failed. Nothing was recorded; send your message again.',
  coaching_observer_trial_failed: 'The observer could not judge this transcript: the AI provider failed. Try again.',

  // Manager review: comments on a session (docs/programs.md).
  session_comment_not_found: 'This comment does not exist.',
  session_comment_exists: 'This comment already exists.',
  invalid_session_comment_body: 'A comment has 1 to {{max, number}} characters.',
  session_comment_not_author: 'Only its author changes or deletes a comment.',
  session_comment_turn_unknown: 'This session has no turn at this position.',
  session_comment_nested_reply: 'Reply to the comment that starts the thread: a reply is not answered on its own.',
  session_comment_reply_mismatch:
    'A reply is about the turn of the comment it answers, and is read by the same people.',
  session_comment_learner_reply_only:
    'As the session’s learner, you reply to your reviewers’ comments: choose the comment you answer.',
  session_comment_visibility_forbidden:
    'A learner’s reply is read by the learner and the reviewers: it cannot be for the managers only.',
  session_comment_session_playing: 'This session is still playing: comment on it once it has ended.',

  // Organizations.
  invalid_organization_name: 'An organization name has 1 to {{max, number}} characters.',
  invalid_organization_description: 'A description has at most {{max, number}} characters.',
  invalid_metadata: 'Metadata is an object of keys and values.',
  metadata_too_many_keys: 'Metadata holds at most {{max, number}} keys; remove some.',
  invalid_metadata_key: 'A metadata key has 1 to {{max, number}} characters.',
  invalid_metadata_value:
    'A metadata value is text of at most {{max, number}} characters, a number, true, false or null.',
  invalid_metadata_kind: 'The metadata kind is one of {{kinds}}.',
  organization_not_found: {
    default: 'This organization does not exist.',
    realm: 'There is no organization with this id for the realm to provision users into.',
  },
  organization_archived: {
    default: 'This organization is archived and can no longer be changed.',
    groups: 'This organization is archived; groups can no longer be added to it.',
    invitations: 'This organization is archived; nobody can be invited into it.',
  },
  organization_exists: 'This organization already exists.',
  platform_organization_protected: 'The platform organization cannot be archived.',
  invalid_operator_name: 'An operator display name has at most {{max, number}} characters, on one line.',
  invalid_sender_name: 'A sender name has at most {{max, number}} characters, on one line.',
  invalid_reply_to: 'Enter a valid reply-to address, or leave it empty.',
  invalid_session_retention: 'Sessions are kept for {{min, number}} to {{max, number}} whole days, or until deleted.',

  // Credits.
  invalid_nb_credits: {
    default: 'A number of credits is a whole number from 1 to {{max, number}}.',
    field: 'nb_credits is a whole number from 1 to {{max, number}}.',
  },
  insufficient_credits: {
    default: 'Not enough credits: {{available, number}} available.',
    session:
      'Not enough credits to start this session: it reserves {{price, credit}} and {{available, number}} are available.',
  },
  transfer_id_reused: 'This transfer id was already used for another movement.',
  issuance_limit_reached: 'No more credits can be issued to this organization.',
  invalid_target: {
    allocate: 'Credits are allocated to a group or a user.',
    transfer: 'Credits are transferred to a user or a group.',
  },
  invalid_source: 'Credits are deallocated from a group or a user.',
  not_own_account: 'Only your own credits can be transferred.',
  transfer_to_self: {
    default: 'You cannot transfer credits to yourself.',
    decided: 'Credits cannot be transferred to their own account.',
  },
  target_disabled: 'This user is disabled; enable the account to move its credits.',
  target_archived: {
    group: 'This user group is archived; its credits can no longer move.',
    organization: 'This organization is archived; its credits can no longer move.',
  },
  invalid_account: 'Credits are reserved on an account of this organization.',
  invalid_reservation_id: 'A reservation id has 1 to 100 letters, digits, "-" or "_".',
  invalid_ttl: 'A reservation lasts a whole number of seconds from 1 to {{max, number}}.',
  reservation_id_reused: 'This reservation id was already used for another reservation.',
  reservation_not_found: 'This reservation does not exist.',
  reservation_already_resolved: 'This reservation is already {{status}}.',
  invalid_capture_amount: 'A capture is a whole number from 0 to the reserved amount.',

  // Settings.
  environment_variable_name_invalid:
    'A name has capital letters, digits and "_", starts with a letter, and has at most 64 characters.',
  environment_variable_read_only:
    '{{name}} comes from the server configuration: change it where the server is deployed.',
  environment_variable_not_found: 'There is no variable {{name}}.',
  redirect_source_invalid:
    'The source is an application path such as /old/page: it starts with "/", is not "/" itself, has no "?", "#", spaces or "\\", and is not an API path (/v1, /api).',
  redirect_target_invalid: {
    default: 'The target is a path such as /new/page or an http(s) address.',
    protocol_relative: 'Write an external target with its protocol: https://….',
    protocol: 'The target is a path such as /new/page, or an address starting with http:// or https://.',
  },
  redirect_loop: {
    self: 'A path cannot redirect to itself.',
    cycle: 'This target leads back to {{path}} through other redirects.',
    chain: 'This target leads through more than {{max, number}} redirects; point the source at the final page.',
  },
  redirect_not_found: 'There is no redirect from {{path}}.',
  projection_not_found: 'There is no projection named "{{name}}".',
  projection_not_stopped: 'This projection is not stopped; there is nothing to resume.',
  webhook_not_found: 'This webhook endpoint does not exist.',
  webhook_exists: 'This webhook endpoint already exists.',
  invalid_webhook_url: {
    default: 'A webhook URL is an http(s) address of at most {{max, number}} characters.',
    credentials: 'A webhook URL must not hold a user name or password.',
  },
  invalid_webhook_events: 'Subscribe to at least one of: {{types}}.',
  invalid_webhook_description: 'A description has at most {{max, number}} characters.',
  invalid_webhook_credit_threshold: 'A low-credit threshold is a whole number of credits, at least 1.',
  invalid_webhook_grace_period: 'A grace period is a whole number of seconds from 0 to {{max, number}} (a week).',
  webhook_url_refused:
    'Webhooks cannot be sent to this address: use a public https address (private, loopback and link-local networks are refused unless the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORK=true).',
  webhook_delivery_not_found: 'This delivery does not exist.',
  webhook_delivery_in_progress: 'This delivery is still being tried; redeliver it once it has succeeded or failed.',
} as const;
