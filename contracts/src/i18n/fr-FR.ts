import type * as enGB from './en-GB.js';

/** The same texts as en-GB.ts, in French; the types make a missing or extra key a compile error. */
type Translation<Texts> = {
  readonly [Key in keyof Texts]: Texts[Key] extends string ? string : Translation<Texts[Key]>;
};

// French puts a no-break space (\u00a0) before : ; ? ! and %, and inside « », so they never start a line, and writes
// the apostrophe ’ (docs/client.md, "Typography"; tests/src/i18n/typography.unit.spec.ts checks every text).

export const issues: Translation<typeof enGB.issues> = {
  required: 'Renseignez ce champ.',
  type: 'Saisissez {{expected}}.',
  too_short: 'Trop court\u00a0: saisissez au moins {{min, character}}.',
  too_long: 'Trop long\u00a0: saisissez au plus {{max, character}}.',
  number_min: 'Saisissez un nombre supérieur ou égal à {{min, number}}.',
  number_above: 'Saisissez un nombre supérieur à {{min, number}}.',
  number_max: 'Saisissez un nombre inférieur ou égal à {{max, number}}.',
  number_below: 'Saisissez un nombre inférieur à {{max, number}}.',
  too_few: 'Indiquez au moins {{min, item}}.',
  too_many: 'Indiquez au plus {{max, item}}.',
  email: 'Saisissez une adresse e-mail valide.',
  format: 'Cette valeur n’a pas la forme attendue.',
  one_of: 'Choisissez parmi\u00a0: {{values, list}}.',
  unknown_keys: 'Non accepté ici\u00a0: {{keys, list}}.',
  invalid: 'Cette valeur n’est pas valide.',
  unstorable_text:
    'Retirez les caractères NUL et les séquences Unicode incomplètes (surrogates isolés)\u00a0: ils ne peuvent pas être enregistrés.',
  id_format: 'Un identifiant compte de 1 à 100 lettres, chiffres, «\u00a0-\u00a0» ou «\u00a0_\u00a0».',
  unknown_field: 'Non accepté ici\u00a0; utilisez {{keys, list}}.',
  patch_empty: 'Envoyez au moins un champ à modifier.',
  page_size: 'page_size vaut 12, 24 ou 48.',
  colleague_search_short: 'Saisissez au moins {{min, character}} d’un nom ou d’une adresse e-mail.',
  metadata_key_blank: 'Une clé de métadonnée ne peut pas être vide.',
  metadata_too_many_keys: 'Les métadonnées comptent au plus {{max, number}} clés.',
  one_line: 'Écrivez-le sur une seule ligne, sans caractères de contrôle.',
  path_start: 'Un chemin commence par «\u00a0/\u00a0».',
  email_or_empty: 'Saisissez une adresse e-mail valide, ou laissez le champ vide.',
  history_account: 'Un compte s’écrit `organization:<id>`, `group:<id>`, `user:<id>`, `issuance` ou `consumed`.',
  period_order: '`to` doit venir après `from`.',
  analysis_rerun_target: 'Choisissez un scénario, un observateur, ou les deux.',
  observer_trial_source: 'Collez une transcription ou choisissez une session, l’une des deux.',
  observer_trial_scenario_with_session:
    'Une session est jugée d’après son propre scénario\u00a0: laissez le scénario de côté.',
  dashboard_group_team_only:
    'Un groupe filtre les chiffres de l’équipe\u00a0: demandez `scope=team`, ou retirez `group_id`.',
  nb_credits: 'nb_credits est un nombre entier de 1 à {{max, number}}.',
  crop_all_or_none: 'Donnez le rectangle de recadrage entier (crop_x, crop_y, crop_width et crop_height), ou rien.',
  program_item_once: 'Chaque scénario ou playlist figure une seule fois dans un programme.',
  time_zone: 'Choisissez un fuseau horaire par son nom, par exemple Europe/Paris.',
};

export const types: Translation<typeof enGB.types> = {
  string: 'du texte',
  number: 'un nombre',
  int: 'un nombre entier',
  boolean: 'vrai ou faux',
  array: 'une liste',
  object: 'un objet',
  other: 'une valeur du bon type',
};

export const counts: Translation<typeof enGB.counts> = {
  second: { one: '{{count}} seconde', other: '{{count}} secondes' },
  minute: { one: '{{count}} minute', other: '{{count}} minutes' },
  character: { one: '{{count}} caractère', other: '{{count}} caractères' },
  item: { one: '{{count}} élément', other: '{{count}} éléments' },
  credit: { one: '{{count}} crédit', other: '{{count}} crédits' },
};

export const errors: Translation<typeof enGB.errors> = {
  bad_request: 'La requête n’a pas pu être comprise. Vérifiez sa syntaxe et réessayez.',
  unauthorized: 'Connectez-vous pour continuer.',
  invalid_token: 'Votre connexion n’est pas valide. Reconnectez-vous.',
  session_ended: 'Votre session a pris fin. Reconnectez-vous.',
  forbidden: {
    default: 'Vous n’avez pas l’autorisation de faire cela.',
    publish: 'Vous n’avez pas l’autorisation de publier «\u00a0{{title}}\u00a0».',
    other_users: 'Vous n’avez pas l’autorisation de modifier d’autres utilisateurs.',
    fields: 'Vous n’avez pas l’autorisation de modifier\u00a0: {{fields}}.',
    archived_organizations: 'Seuls les super-administrateurs peuvent lister les organisations archivées.',
    session_wallet: 'Seul un utilisateur connecté paie une session avec son propre portefeuille.',
  },
  not_found: 'Rien n’existe à cette adresse.',
  method_not_allowed: 'Cette adresse n’accepte pas cette méthode.',
  not_acceptable: 'Cette adresse ne peut pas répondre dans le format demandé.',
  request_timeout: 'La requête a mis trop de temps à arriver. Réessayez.',
  payload_too_large: 'Le corps de la requête dépasse ce que cette adresse accepte.',
  unsupported_media_type: {
    default: 'Envoyez le corps en application/json (ou en formulaire là où l’adresse le demande).',
    json: 'Envoyez le corps en application/json.',
    form: 'Envoyez le corps en application/x-www-form-urlencoded.',
    multipart: 'Envoyez le fichier en multipart/form-data.',
  },
  too_many_requests: {
    default: 'Trop de requêtes. Patientez un instant puis réessayez.',
    attempts: 'Trop de tentatives. Patientez {{retry_after_seconds, duration}} puis réessayez.',
    uploads_user:
      'Vous avez envoyé trop d’images ces dernières minutes. Patientez {{retry_after_seconds, duration}} puis réessayez.',
    uploads_organization:
      'Votre organisation a envoyé trop d’images ces dernières minutes. Patientez {{retry_after_seconds, duration}} puis réessayez.',
    api_key: 'Cette clé d’API a fait trop de requêtes. Attendez {{retry_after_seconds, duration}} et réessayez.',
  },
  not_implemented: 'Cette méthode n’est pas prise en charge ici.',
  http_error: 'La requête a été refusée.',
  invalid_json: 'Le corps de la requête n’est pas du JSON valide.',
  invalid_request: 'Certains champs sont manquants ou invalides. Corrigez-les puis réessayez.',
  invalid_text:
    'La requête contient des caractères qui ne peuvent pas être enregistrés (un caractère NUL ou une séquence Unicode incomplète). Retirez-les puis réessayez.',
  internal_error:
    'Une erreur s’est produite de notre côté. Réessayez\u00a0; si elle persiste, contactez le support en indiquant l’identifiant de requête {{request_id}}.',
  store_unavailable: 'Le service est indisponible un instant. Réessayez dans quelques secondes.',
  service_unavailable:
    'Une erreur s’est produite de notre côté. Réessayez\u00a0; si elle persiste, contactez le support en indiquant l’identifiant de requête {{request_id}}.',
  invalid_idempotency_key: 'L’en-tête Idempotency-Key compte de 1 à 200 caractères ASCII visibles.',
  idempotency_key_reused: 'Cette clé Idempotency-Key a déjà servi pour une autre requête. Utilisez une nouvelle clé.',
  idempotency_request_in_progress:
    'La première requête avec cette clé Idempotency-Key est encore en cours. Réessayez dans un instant.',
  idempotent_answer_erased:
    'La réponse à cette requête a été effacée avec la session qu’elle concernait. Envoyez une nouvelle requête avec une nouvelle clé Idempotency-Key.',

  invalid_credentials: 'L’adresse e-mail ou le mot de passe est incorrect. Vérifiez-les et réessayez.',
  account_disabled: 'Ce compte est désactivé. Contactez l’administrateur de votre organisation.',
  current_password_incorrect: 'Votre mot de passe actuel est incorrect.',
  password_unchanged: 'Choisissez un nouveau mot de passe différent de l’actuel.',
  password_invalid: 'Le mot de passe ne respecte pas les règles.',
  reset_code_invalid: {
    default: 'Ce lien de réinitialisation n’est pas valide. Demandez-en un nouveau.',
    decided: 'Ce lien de réinitialisation n’est pas valide\u00a0; demandez-en un nouveau.',
  },
  reset_code_used: 'Ce lien de réinitialisation a déjà été utilisé\u00a0; demandez-en un nouveau.',
  reset_code_expired: 'Ce lien de réinitialisation a expiré\u00a0; demandez-en un nouveau.',
  invite_code_invalid: {
    default: 'Ce lien d’invitation n’est pas valide. Demandez une nouvelle invitation à votre administrateur.',
    decided: 'Ce lien d’invitation n’est pas valide\u00a0; demandez-en un nouveau.',
  },
  invite_code_expired: {
    default: 'Cette invitation a expiré. Demandez-en une nouvelle à votre administrateur.',
    decided: 'Cette invitation a expiré\u00a0; demandez-en une nouvelle.',
  },
  invite_code_used: 'Cette invitation a déjà été utilisée. Connectez-vous avec votre mot de passe.',
  identity_already_linked: 'Ce compte est déjà lié à une autre identité de ce fournisseur.',
  read_models_behind: 'Votre compte est en cours de création. Reconnectez-vous dans un instant.',
  refresh_token_revoked: 'Cette connexion a pris fin. Reconnectez-vous.',
  sso_session_ended: 'Votre session d’authentification unique a pris fin. Reconnectez-vous.',
  refresh_token_invalid: 'Ce jeton de rafraîchissement n’est pas valide. Reconnectez-vous.',
  refresh_token_reused:
    'Ce jeton de rafraîchissement a déjà servi\u00a0: par sécurité, cette connexion a été fermée partout. Reconnectez-vous.',
  refresh_token_expired: 'Cette connexion a expiré. Reconnectez-vous.',
  sso_account_not_activated:
    'Ce compte a une invitation en attente. Acceptez d’abord l’invitation, puis connectez-vous par authentification unique.',
  sso_email_missing:
    'Le fournisseur d’identité n’a pas transmis votre adresse e-mail, nécessaire pour vous connecter. Contactez votre administrateur.',
  sso_email_not_verified:
    'Le fournisseur d’identité n’a pas vérifié votre adresse e-mail. Vérifiez-la chez lui, puis reconnectez-vous.',
  sso_organization_mismatch:
    'Un compte avec cette adresse e-mail appartient à une autre organisation\u00a0: ce domaine ne peut pas le connecter.',
  sso_organization_unavailable:
    'L’organisation dans laquelle ce domaine connecte les utilisateurs n’existe pas ou est archivée. Contactez votre administrateur.',
  sso_provider_unavailable:
    'Le fournisseur d’identité du domaine «\u00a0{{realm}}\u00a0» est injoignable. Réessayez dans un instant.',
  sso_provider_misconfigured:
    'Le fournisseur d’identité du domaine «\u00a0{{realm}}\u00a0» a répondu avec des métadonnées qui ne correspondent pas au domaine (vérifiez son URL d’émetteur).',
  sso_state_invalid: 'Ce lien de connexion a expiré, a déjà servi ou n’a pas été ouvert ici. Recommencez la connexion.',
  sso_issuer_mismatch:
    'Cette réponse ne vient pas du fournisseur d’identité du domaine «\u00a0{{realm}}\u00a0». Recommencez la connexion.',
  sso_code_exchange_failed:
    'Le fournisseur d’identité n’a pas accepté ce code de connexion (expiré ou déjà utilisé). Recommencez la connexion.',
  sso_response_invalid:
    'La réponse du fournisseur d’identité n’a pas passé la validation (émetteur, audience, nonce, expiration ou signature). Recommencez la connexion.',
  sso_secret_unreadable:
    'L’authentification unique est mal configurée de notre côté (un secret enregistré est illisible). Contactez le support.',
  realm_exists: 'Un domaine nommé «\u00a0{{name}}\u00a0» existe déjà. Choisissez un autre nom ou supprimez-le d’abord.',
  realm_read_only:
    'Le domaine «\u00a0{{name}}\u00a0» vient de la variable d’environnement SSO_REALMS\u00a0; modifiez-le là.',
  realm_not_found: 'Il n’existe pas de domaine d’authentification unique nommé «\u00a0{{name}}\u00a0».',

  invalid_email: 'Saisissez une adresse e-mail valide.',
  email_taken: 'Un autre compte utilise déjà cette adresse e-mail.',
  email_claim_not_held: 'Seul le compte qui détient cette adresse e-mail peut la libérer.',
  invalid_role: 'Le rôle est l’un de {{roles}}.',
  invalid_first_name: 'Un nom compte au plus {{max, number}} caractères.',
  invalid_last_name: 'Un nom compte au plus {{max, number}} caractères.',
  invalid_locale: 'La langue est l’une de {{locales}}.',
  invalid_expiry: {
    code: 'Un code doit expirer après son émission.',
    reservation: 'Une réservation expire après avoir été faite.',
  },
  invalid_identity: 'Une identité ({{part}}) compte de 1 à {{max, number}} caractères.',
  user_not_found: {
    default: 'Il n’existe pas d’utilisateur avec cet identifiant.',
    decided: 'Cet utilisateur n’existe pas.',
    group_organization: 'Cet utilisateur n’existe pas dans l’organisation de ce groupe.',
  },
  user_disabled: 'Ce compte est désactivé\u00a0; réactivez-le d’abord.',
  user_not_invited: {
    default: 'Cet utilisateur n’a pas d’invitation en attente.',
    decided: 'Ce compte n’a pas d’invitation en attente.',
  },
  user_not_active: {
    default: 'Ce compte n’est pas encore activé\u00a0; utilisez d’abord l’invitation.',
    resend: 'Ce compte n’est pas encore activé\u00a0: renvoyez plutôt l’invitation.',
    gone: 'Ce compte n’est plus actif\u00a0; rien n’a été envoyé.',
  },
  user_exists: 'Cet utilisateur existe déjà.',
  super_admin_outside_platform:
    'Les super-administrateurs n’appartiennent qu’à l’organisation de la plateforme. Choisissez un autre rôle pour cette organisation.',
  role_not_assignable: 'Vous ne pouvez pas attribuer le rôle {{role}}.',
  user_not_manageable: 'Vous ne pouvez pas modifier un utilisateur dont le rôle est au-dessus du vôtre.',
  cannot_change_own_role: 'Vous ne pouvez pas changer votre propre rôle.',
  cannot_disable_self: 'Vous ne pouvez pas vous désactiver vous-même.',
  cannot_delete_self: 'Vous ne pouvez pas vous supprimer vous-même.',
  super_admin_not_found: 'Il n’existe pas de super-administrateur avec cet identifiant.',
  last_super_admin:
    'C’est le dernier super-administrateur actif\u00a0: invitez-en ou promouvez-en un autre avant de le rétrograder, de le désactiver ou de le retirer.',
  platform_not_initialized: 'La plateforme n’est pas encore initialisée\u00a0; réessayez dans un instant.',
  platform_already_initialized: 'Cette installation a déjà été initialisée.',

  application_not_found: 'Cette application n’existe pas.',

  invalid_user_group_name: 'Un nom de groupe compte de 1 à {{max, number}} caractères.',
  invalid_user_group_description: 'Une description compte au plus {{max, number}} caractères.',
  user_group_not_found: 'Ce groupe d’utilisateurs n’existe pas.',
  user_group_archived: 'Ce groupe d’utilisateurs est archivé et ne peut plus être modifié.',
  user_group_exists: 'Ce groupe d’utilisateurs existe déjà.',
  user_not_in_organization: 'Les membres d’un groupe appartiennent à l’organisation du groupe.',

  // AI providers, service keys, models and speech voices.
  invalid_ai_provider_name: 'Un nom de fournisseur compte de 1 à {{max, number}} caractères.',
  invalid_ai_provider_url: 'L’URL de base est une adresse http ou https, par exemple https://example.com/v1.',
  invalid_ai_provider_region:
    'Une région s’écrit en lettres minuscules, chiffres et «\u00a0-\u00a0», par exemple westeurope.',
  invalid_ai_provider_api_version: 'Une version d’API s’écrit comme 2024-10-21.',
  ai_provider_base_url_required: 'Ce type de fournisseur a besoin de son URL de base.',
  ai_provider_api_version_required: 'Un fournisseur Azure OpenAI a besoin de sa version d’API.',
  ai_provider_region_required: 'Un fournisseur Azure Speech a besoin de sa région ou de son point de terminaison.',
  ai_provider_builtin_settings: 'Le fournisseur intégré ne prend aucun réglage de point de terminaison.',
  ai_provider_builtin: 'Le fournisseur intégré ne peut être ni désactivé ni supprimé.',
  ai_provider_not_found: 'Ce fournisseur d’IA n’existe pas.',
  ai_provider_exists: 'Ce fournisseur d’IA existe déjà.',
  ai_provider_url_refused:
    'Cette adresse ne peut pas être appelée\u00a0: utilisez https, et une adresse de réseau privé seulement si le déploiement définit AI_ALLOW_PRIVATE_NETWORK=true.',
  ai_provider_kind_reserved: 'Le fournisseur intégré existe une seule fois\u00a0; il ne peut pas être ajouté.',
  ai_provider_platform_only:
    'Les fournisseurs de toute la plateforme, avec leurs clés, modèles et voix, ne sont modifiés que par les super-administrateurs.',
  ai_provider_in_use: 'Ce fournisseur est encore utilisé par {{names}}\u00a0; supprimez-les ou modifiez-les d’abord.',
  ai_provider_disabled: 'Ce fournisseur d’IA est désactivé.',
  ai_provider_needs_no_key: 'Le fournisseur intégré n’a besoin d’aucune clé.',
  ai_provider_not_speech: 'Les voix appartiennent à un fournisseur de synthèse vocale.',
  invalid_ai_service_key_label: 'Un libellé de clé compte de 1 à {{max, number}} caractères.',
  ai_service_key_not_found: 'Cette clé de service n’existe pas.',
  ai_service_key_exists: 'Cette clé de service existe déjà.',
  ai_service_key_revoked: 'Cette clé de service est révoquée et ne peut plus être modifiée.',
  api_key_not_found: 'Cette clé d’API n’existe pas.',
  api_key_exists: 'Cette clé d’API existe déjà.',
  invalid_api_key_name: 'Le nom d’une clé compte de 1 à {{max, number}} caractères.',
  api_key_without_permissions: 'Donnez au moins une permission à la clé.',
  api_key_permission_not_held:
    'Une clé ne peut détenir que des permissions que vous détenez vous-même, et jamais gérer des clés\u00a0: {{permissions, list}}.',
  api_key_expiry_past: 'Choisissez une date d’expiration dans le futur.',
  api_key_revoked: 'Cette clé d’API est révoquée.',
  api_key_expired: 'Cette clé d’API a expiré.',
  api_key_rotated: 'Cette clé d’API a déjà été remplacée\u00a0: remplacez sa remplaçante.',
  invalid_api_key_grace: 'Le délai de grâce va de 0 à 168 heures.',
  api_key_not_allowed: 'Une clé d’API ne peut pas faire cela\u00a0: connectez-vous en tant que personne pour le faire.',
  api_key_wrong_scope: 'Cette clé ne fonctionne pas ici\u00a0: les clés d’API appellent /v1, les jetons SCIM /scim/v2.',
  scim_token_not_found: 'Ce jeton SCIM n’existe pas.',
  user_import_not_found: 'Cet import n’existe pas.',
  user_import_empty: 'Le fichier n’a aucune ligne à importer\u00a0: une ligne d’en-tête, puis une ligne par personne.',
  user_import_too_large:
    'Le fichier est trop volumineux\u00a0: restez sous {{max, number}} caractères, ou découpez-le.',
  user_import_too_many_rows:
    'Le fichier a trop de lignes\u00a0: {{max, number}} au plus. Découpez-le en plusieurs fichiers.',
  user_import_columns_missing:
    'Il manque une colonne à la ligne d’en-tête\u00a0: {{columns, list}}. Nommez les colonnes email, prenom, nom, role, groupes.',
  user_import_csv_invalid:
    'Le fichier n’est pas un CSV valide vers la ligne {{line, number}}\u00a0: vérifiez ses guillemets.',
  import_email_invalid: 'Saisissez une adresse e-mail valide.',
  import_email_repeated: 'Cette adresse figure déjà à la ligne {{line, number}} du fichier.',
  import_first_name_missing: 'Un nouvel utilisateur a besoin d’un prénom.',
  import_last_name_missing: 'Un nouvel utilisateur a besoin d’un nom.',
  import_name_too_long: 'Un nom compte au plus {{max, number}} caractères.',
  import_role_unknown: 'Rôle inconnu «\u00a0{{role}}\u00a0»\u00a0: utilisez opérateur, éditeur ou utilisateur.',
  import_role_not_assignable: 'Vous ne pouvez pas attribuer le rôle {{role}}.',
  import_group_unknown:
    'Aucun groupe ne s’appelle «\u00a0{{group}}\u00a0»\u00a0: créez-le d’abord, ou corrigez le nom.',
  import_user_not_manageable: 'Vous ne pouvez pas modifier un utilisateur dont le rôle est au-dessus du vôtre.',
  import_own_role: 'Vous ne pouvez pas changer votre propre rôle.',
  import_row_failed: 'Cette ligne n’a pas pu être traitée ({{code}}).',
  import_unchanged: 'Rien à changer.',
  import_email_taken: 'Un autre compte utilise déjà cette adresse\u00a0; l’import n’y touche pas.',
  invalid_ai_model_id: 'Un identifiant de modèle compte de 1 à {{max, number}} caractères.',
  invalid_ai_model_display_name: 'Un nom affiché compte de 1 à {{max, number}} caractères.',
  invalid_ai_model_capabilities: 'Un modèle a au moins une capacité\u00a0: chat, realtime, transcription ou speech.',
  invalid_ai_model_credits: 'Le prix est un nombre entier de crédits par minute, de 0 à {{max, number}}.',
  invalid_ai_model_temperature: 'La température est un nombre de 0 à {{max, number}}.',
  invalid_ai_model_max_output_tokens: 'La sortie maximale est un nombre entier de jetons, de 1 à {{max, number}}.',
  ai_model_not_found: 'Ce modèle d’IA n’existe pas.',
  ai_model_exists: 'Ce modèle d’IA existe déjà.',
  ai_model_in_use: 'Ce modèle est encore utilisé par {{names}}\u00a0; supprimez-les ou modifiez-les d’abord.',
  ai_voice_in_use: 'Cette voix est encore utilisée par {{names}}\u00a0; supprimez-les ou modifiez-les d’abord.',
  invalid_ai_voice_id: 'Un identifiant de voix compte de 1 à {{max, number}} caractères.',
  invalid_ai_voice_display_name: 'Un nom affiché compte de 1 à {{max, number}} caractères.',
  invalid_ai_voice_languages: 'Une voix parle au moins l’une des langues en-GB, en-US et fr-FR.',
  ai_voice_not_found: 'Cette voix n’existe pas.',
  ai_voice_exists: 'Cette voix existe déjà.',
  ai_voice_no_speech_model:
    'Ajoutez d’abord à ce fournisseur un modèle capable de synthèse vocale\u00a0: les extraits de voix sont faits avec lui.',
  ai_speech_not_supported: 'Ce fournisseur ne peut pas encore produire de parole ni lister ses voix.',
  ai_call_failed: {
    no_key: 'Ce fournisseur n’a pas encore de clé de service\u00a0: ajoutez-en une sous Clés de service.',
    wrong_key: 'Le fournisseur a refusé la clé\u00a0: vérifiez la clé de service, ou ajoutez la bonne.',
    unknown_model: 'Le fournisseur ne connaît pas ce modèle ou ce déploiement\u00a0: vérifiez son identifiant.',
    unreachable: 'Le fournisseur est injoignable\u00a0: vérifiez l’adresse, et que le serveur fonctionne.',
    tls_error:
      'La connexion sécurisée a échoué\u00a0: le certificat du fournisseur n’est pas valide pour cette adresse.',
    timeout: 'Le fournisseur n’a pas répondu à temps\u00a0: réessayez, ou vérifiez l’adresse.',
    rate_limited: 'Le fournisseur limite les requêtes\u00a0: patientez un instant et réessayez, ou augmentez le quota.',
    provider_error: 'Le fournisseur a répondu par une erreur\u00a0: réessayez plus tard.',
    circuit_open:
      'Les appels à ce fournisseur sont suspendus après des échecs répétés\u00a0: réessayez dans une minute.',
    address_refused:
      'Cette adresse est refusée\u00a0: utilisez https, et une adresse de réseau privé seulement si le déploiement l’autorise.',
    invalid_output: 'La réponse du fournisseur n’avait pas la forme attendue.',
    cancelled: 'L’appel a été annulé.',
    not_supported: 'Les fournisseurs de ce type ne peuvent pas encore être testés.',
  },

  image_missing: 'Ajoutez l’image dans le champ «\u00a0file\u00a0» du formulaire.',
  image_empty: 'Le fichier est vide\u00a0: choisissez une image.',
  image_too_large: 'Le fichier dépasse {{max_mb, number}}\u00a0Mo\u00a0: choisissez une image plus légère.',
  image_not_an_image: {
    default: 'Ce fichier n’est pas une image acceptée\u00a0: envoyez une image JPEG, PNG, GIF ou WebP.',
    svg: 'Les images SVG ne sont pas acceptées\u00a0: envoyez une image JPEG, PNG, GIF ou WebP.',
  },
  image_polyglot:
    'Ce fichier contient plus qu’une image (des données après l’image, ou du balisage ou du script à l’intérieur)\u00a0: exportez l’image à nouveau et envoyez ce fichier.',
  image_corrupt:
    'Cette image est illisible\u00a0; elle est peut-être endommagée. Exportez-la à nouveau et envoyez ce fichier.',
  image_too_many_pixels:
    'Cette image est trop grande\u00a0: {{max_megapixels, number}}\u00a0mégapixels au plus. Réduisez-la et réessayez.',
  image_crop_outside:
    'Le rectangle de recadrage sort de l’image ({{width, number}}\u00a0×\u00a0{{height, number}}\u00a0pixels)\u00a0: ajustez-le.',
  image_not_found: 'Cette image n’existe pas.',
  image_quota_exceeded:
    'Les images de votre organisation occupent déjà tout son espace de {{quota_mb}}\u00a0Mo. Retirez les images dont vous ne vous servez plus (une image que rien n’utilise est supprimée un ou deux jours plus tard) ou demandez plus d’espace à un administrateur de la plateforme.',
  upload_malformed: {
    default: 'L’envoi est illisible\u00a0: envoyez-le en multipart/form-data avec les champs category et file.',
    files: 'Envoyez un seul fichier par envoi, dans le champ «\u00a0file\u00a0».',
    fields: 'L’envoi compte trop de champs, ou un champ trop long.',
  },

  coaching_item_not_found: 'Cet élément n’existe pas.',
  coaching_item_exists: 'Cet élément existe déjà.',
  coaching_item_archived: {
    default: 'Cet élément est archivé\u00a0: restaurez-le avant de le modifier.',
    used: '«\u00a0{{title}}\u00a0» est archivé\u00a0: restaurez-le d’abord.',
  },
  coaching_copy_not_allowed: 'Ce type de contenu ({{kind}}) ne se copie pas et ne se forke pas.',
  coaching_fork_own_item: 'Vous pouvez modifier cet élément\u00a0: copiez-le au lieu de le forker.',
  coaching_share_not_allowed: 'Ce type de contenu ({{kind}}) ne se partage pas.',
  coaching_share_organizations_forbidden: 'Seuls les super-administrateurs partagent avec d’autres organisations.',
  coaching_item_in_use:
    'Encore utilisé par {{titles}}\u00a0: archivez-le plutôt, ou retirez-le d’abord de ces éléments.',
  coaching_reference_not_found: 'Rien ne peut être utilisé ici avec cet identifiant.',
  coaching_reference_unpublished: 'Publiez d’abord «\u00a0{{title}}\u00a0»\u00a0: ce contenu ({{kind}}) l’utilise.',
  coaching_program_empty: 'Ajoutez un scénario ou une playlist avant de publier ce programme.',
  coaching_version_not_found: 'Cette version n’a jamais été publiée.',
  // Programs and assignments (docs/programs.md).
  invalid_assignment_assignees: 'Assignez-le à 1 à {{max, number}} utilisateurs ou groupes.',
  invalid_assignment_due_at: 'L’échéance vient après le début, et n’est pas encore passée.',
  invalid_assignment_message: 'Un message compte au plus {{max, number}} caractères.',
  invalid_assignment_item: 'Ce programme n’a pas cet élément.',
  invalid_assignment_attempts: 'Accordez de 1 à {{max, number}} tentatives à la fois.',
  invalid_time_zone: 'Choisissez un fuseau horaire par son nom, par exemple Europe/Paris.',
  assignment_not_found: 'Cette assignation n’existe pas.',
  certificate_not_found: 'Aucun certificat ne porte cet identifiant.',
  invalid_notice_link: 'Un avis mène à une page de l’application.',
  assignment_exists: 'Cette assignation existe déjà.',
  assignment_withdrawn: 'Cette assignation a été retirée et ne peut plus être modifiée.',
  leaderboards_disabled:
    'Les classements sont désactivés dans votre organisation. Un administrateur peut les activer dans ses paramètres.',
  leaderboard_group_required: 'Choisissez le groupe d’utilisateurs dont afficher le classement.',
  program_not_published: 'Publiez ce programme avant de l’assigner.',
  assignee_not_found: 'Aucun utilisateur ni groupe avec cet identifiant dans votre organisation.',
  invalid_iso_week: 'Une semaine est une semaine ISO, par exemple 2031-W12.',

  coaching_session_preparing: 'La session est enregistrée et se prépare. Ouvrez-la de nouveau dans un instant.',
  coaching_session_not_found: 'Cette session n’existe pas.',
  coaching_session_exists: 'Cette session existe déjà.',
  coaching_session_private_guest: 'La session d’un invité ne peut pas être un entraînement privé.',
  coaching_session_ended: 'Cette session est déjà terminée ({{status}}).',
  invalid_coaching_session_name: 'Un nom de session compte de 1 à {{max, number}} caractères.',
  invalid_coaching_session_limits:
    'Une session demande une limite de temps d’au moins une seconde, une limite de tours d’au moins un tour ou aucune, et un prix entier.',
  coaching_session_reservation_mismatch:
    'Une session réserve son prix pour toute sa limite de temps\u00a0: {{price, credit}}.',
  coaching_session_reservation_expiry: 'La réservation d’une session expire après sa limite de temps.',
  coaching_session_turn_empty: 'Un tour dit quelque chose.',
  coaching_session_turn_id_reused: 'Cet identifiant de tour a déjà servi pour un autre tour.',
  coaching_session_awaiting_reply:
    'Le persona n’a pas encore répondu à votre dernier tour\u00a0: envoyez-le de nouveau pour réessayer.',
  coaching_session_turn_out_of_order:
    'Le persona répond au dernier tour de l’apprenant, ou ouvre une conversation où personne n’a encore parlé.',
  shared_session_not_found: 'Ce lien de partage n’existe pas.',
  shared_session_exists: 'Ce lien de partage existe déjà.',
  shared_session_unavailable:
    'Ce lien ne fonctionne pas\u00a0: il est peut-être erroné, expiré ou n’est plus proposé. Demandez-en un nouveau à la personne qui l’a partagé.',
  shared_session_wallet_empty:
    'Ce lien ne peut pas commencer de session pour le moment\u00a0: ses crédits sont épuisés. La personne qui l’a partagé a été prévenue.',
  invalid_shared_session_label: 'Le libellé d’un lien compte de 1 à {{max, number}} caractères.',
  invalid_shared_session_expiry: 'Un lien expire dans le futur, dans les {{days, number}} jours au plus.',
  invalid_shared_session_max_uses: 'Un lien s’utilise de 1 à {{max, number}} fois.',
  invalid_guest_display_name: 'Votre nom compte de 1 à {{max, number}} caractères.',
  coaching_session_access_expired:
    'Cette session partagée a expiré\u00a0: son lien n’est plus valable, son résultat ne peut donc plus être ouvert.',
  coaching_session_reply_failed:
    'Le persona n’a pas pu répondre\u00a0: le fournisseur d’IA a échoué. Rien n’a été enregistré ni facturé\u00a0; envoyez de nouveau votre tour.',
  coaching_session_not_voice: {
    default: 'Cette session se joue par écrit\u00a0: sa voix ne s’ouvre que pour un scénario en mode voix.',
    settings: 'Cette session se joue par écrit\u00a0: elle n’a pas de réglages de voix.',
  },
  invalid_coaching_session_voice_speed: 'La vitesse d’une voix va de {{min, number}} à {{max, number}}.',
  invalid_coaching_session_turn_detection: 'La détection de fin de tour vaut voice_activity ou push_to_talk.',
  coaching_voice_not_started: 'Démarrez d’abord la voix de la session sur cette connexion (voice.start).',
  role_changed:
    'Votre rôle dans votre organisation a changé. Connectez-vous à nouveau pour continuer avec ce que vous pouvez faire désormais.',
  shared_session_revoked: 'La personne qui a partagé cette session en a retiré le lien\u00a0: la session est terminée.',
  gateway_unknown_event: 'Cette connexion ne prend pas ce message. Rechargez la page pour obtenir la version actuelle.',
  coaching_voice_provider_failed:
    'La connexion vocale du persona a échoué\u00a0: ce qui a été dit est conservé. Relancez la voix, ou continuez par écrit.',
  coaching_recording_not_found: 'Cet enregistrement n’existe pas, ou a été supprimé avec sa session.',
  coaching_voice_recognition_failed: 'Ce que vous avez dit n’a pas pu être reconnu\u00a0: redites-le, ou tapez-le.',
  coaching_voice_synthesis_failed:
    'La voix du persona a échoué pour cette réponse\u00a0: lisez-la à l’écran. Rien n’est perdu\u00a0; la réponse suivante sera de nouveau parlée.',
  coaching_scenario_unplayable:
    'Ce scénario ne peut pas être joué\u00a0: son persona, sa mission ou son modèle n’est plus disponible. Demandez à son auteur de le publier de nouveau.',
  coaching_session_analysis_not_found: 'Cette session n’a pas de rapport d’analyse de cette version.',
  coaching_session_analysis_running:
    'L’analyse de cette session est encore en cours\u00a0: relancez-la une fois qu’elle est terminée.',
  coaching_session_not_analysable: 'Seule une session terminée en win, loose ou end est analysée.',
  analysis_observer_unknown: 'Cet observateur n’a pas participé à ce rapport.',
  analysis_report_not_done:
    'Cet observateur n’a pas encore rendu son rapport\u00a0: corrigez-le une fois qu’il est terminé.',
  analysis_criterion_unknown: 'Ce critère ne fait pas partie de la grille de l’observateur.',
  analysis_score_out_of_scale: 'Donnez une note entière de {{min, number}} à {{max, number}}.',
  analysis_correction_comment_required: 'Dites pourquoi la note est corrigée.',
  analysis_correction_comment_too_long: 'Limitez le commentaire à {{max, number}} caractères.',

  // Tâches de fond.
  background_job_not_found: 'Cette tâche n’existe pas, ou vous ne pouvez pas la suivre.',
  background_job_exists: 'Une tâche porte déjà cet identifiant.',
  background_job_items_repeated: 'Une tâche traite chaque élément une seule fois.',
  background_job_unfinished: 'Cette tâche a encore des éléments à traiter.',

  // Générateurs de sessions.
  session_generator_not_found: 'Ce générateur de sessions n’existe pas.',
  session_generator_draft_not_found: 'Ce générateur n’a enregistré aucun brouillon sous cet identifiant.',
  session_generator_exists: 'Ce générateur de sessions existe déjà.',
  invalid_session_generator: 'Vérifiez ce champ de la consigne.',

  coaching_chat_not_found: 'Cette conversation n’existe pas.',
  coaching_chat_exists: 'Cette conversation existe déjà.',
  invalid_coaching_chat_title: 'Le titre d’une conversation compte de 1 à {{max, number}} caractères.',
  invalid_coaching_chat_question: 'Une question compte de 1 à {{max, number}} caractères.',
  coaching_chat_message_id_reused: 'Cet identifiant de message a déjà servi pour une autre question.',
  coaching_chat_full: 'Une conversation compte au plus {{max, number}} questions\u00a0: commencez-en une nouvelle.',
  coaching_chat_answer_empty: 'La réponse du coach est vide\u00a0: posez de nouveau la question.',
  coaching_chat_session_playing:
    'Cette session est encore en cours\u00a0: interrogez le coach une fois qu’elle sera terminée.',
  coaching_chat_reply_failed:
    'Le coach n’a pas pu répondre\u00a0: le fournisseur d’IA a échoué. Rien n’a été enregistré\u00a0; envoyez de nouveau votre message.',
  coaching_observer_trial_failed:
    'L’observateur n’a pas pu juger cette transcription\u00a0: le fournisseur d’IA a échoué. Réessayez.',

  session_comment_not_found: 'Ce commentaire n’existe pas.',
  session_comment_exists: 'Ce commentaire existe déjà.',
  invalid_session_comment_body: 'Un commentaire compte de 1 à {{max, number}} caractères.',
  session_comment_not_author: 'Seul son auteur modifie ou supprime un commentaire.',
  session_comment_turn_unknown: 'Cette session n’a pas de tour de parole à cette position.',
  session_comment_nested_reply: 'Répondez au commentaire qui ouvre le fil\u00a0: on ne répond pas à une réponse.',
  session_comment_reply_mismatch:
    'Une réponse porte sur le tour de parole du commentaire auquel elle répond, et elle est lue par les mêmes personnes.',
  session_comment_learner_reply_only:
    'En tant qu’apprenant de cette session, vous répondez aux commentaires de vos relecteurs\u00a0: choisissez le commentaire auquel vous répondez.',
  session_comment_visibility_forbidden:
    'La réponse d’un apprenant est lue par l’apprenant et par les relecteurs\u00a0: elle ne peut pas être réservée aux responsables.',
  session_comment_session_playing:
    'Cette session est encore en cours\u00a0: commentez-la une fois qu’elle sera terminée.',

  invalid_organization_name: 'Un nom d’organisation compte de 1 à {{max, number}} caractères.',
  invalid_organization_description: 'Une description compte au plus {{max, number}} caractères.',
  invalid_metadata: 'Les métadonnées sont un objet de clés et de valeurs.',
  metadata_too_many_keys: 'Les métadonnées comptent au plus {{max, number}} clés\u00a0; retirez-en.',
  invalid_metadata_key: 'Une clé de métadonnée compte de 1 à {{max, number}} caractères.',
  invalid_metadata_value:
    'Une valeur de métadonnée est un texte d’au plus {{max, number}} caractères, un nombre, true, false ou null.',
  invalid_metadata_kind: 'Le type de métadonnées est l’un de {{kinds}}.',
  organization_not_found: {
    default: 'Cette organisation n’existe pas.',
    realm:
      'Il n’existe pas d’organisation avec cet identifiant dans laquelle le domaine pourrait créer des utilisateurs.',
  },
  organization_archived: {
    default: 'Cette organisation est archivée et ne peut plus être modifiée.',
    groups: 'Cette organisation est archivée\u00a0; on ne peut plus y ajouter de groupes.',
    invitations: 'Cette organisation est archivée\u00a0; personne ne peut plus y être invité.',
  },
  organization_exists: 'Cette organisation existe déjà.',
  platform_organization_protected: 'L’organisation de la plateforme ne peut pas être archivée.',
  invalid_operator_name: 'Un nom d’opérateur compte au plus {{max, number}} caractères, sur une seule ligne.',
  invalid_sender_name: 'Un nom d’expéditeur compte au plus {{max, number}} caractères, sur une seule ligne.',
  invalid_reply_to: 'Saisissez une adresse de réponse valide, ou laissez le champ vide.',
  invalid_session_retention:
    'Les sessions sont conservées de {{min, number}} à {{max, number}} jours entiers, ou jusqu’à leur suppression.',

  invalid_nb_credits: {
    default: 'Un nombre de crédits est un nombre entier de 1 à {{max, number}}.',
    field: 'nb_credits est un nombre entier de 1 à {{max, number}}.',
  },
  insufficient_credits: {
    default: 'Crédits insuffisants\u00a0: le solde est de {{available, credit}}.',
    session:
      'Crédits insuffisants pour démarrer cette session\u00a0: elle réserve {{price, credit}} et le solde est de {{available, credit}}.',
  },
  transfer_id_reused: 'Cet identifiant de transfert a déjà servi pour un autre mouvement.',
  issuance_limit_reached: 'Aucun crédit supplémentaire ne peut être émis pour cette organisation.',
  invalid_target: {
    allocate: 'Les crédits sont attribués à un groupe ou à un utilisateur.',
    transfer: 'Les crédits sont transférés à un utilisateur ou à un groupe.',
  },
  invalid_source: 'Les crédits sont retirés d’un groupe ou d’un utilisateur.',
  not_own_account: 'Seuls vos propres crédits peuvent être transférés.',
  transfer_to_self: {
    default: 'Vous ne pouvez pas vous transférer des crédits.',
    decided: 'Des crédits ne peuvent pas être transférés vers leur propre compte.',
  },
  target_disabled: 'Cet utilisateur est désactivé\u00a0; réactivez le compte pour déplacer ses crédits.',
  target_archived: {
    group: 'Ce groupe d’utilisateurs est archivé\u00a0; ses crédits ne peuvent plus bouger.',
    organization: 'Cette organisation est archivée\u00a0; ses crédits ne peuvent plus bouger.',
  },
  invalid_account: 'Les crédits sont réservés sur un compte de cette organisation.',
  invalid_reservation_id:
    'Un identifiant de réservation compte de 1 à 100 lettres, chiffres, «\u00a0-\u00a0» ou «\u00a0_\u00a0».',
  invalid_ttl: 'Une réservation dure un nombre entier de secondes, de 1 à {{max, number}}.',
  reservation_id_reused: 'Cet identifiant de réservation a déjà servi pour une autre réservation.',
  reservation_not_found: 'Cette réservation n’existe pas.',
  reservation_already_resolved: 'Cette réservation est déjà close ({{status}}).',
  invalid_capture_amount: 'Un prélèvement est un nombre entier de 0 au montant réservé.',

  environment_variable_name_invalid:
    'Un nom compte des majuscules, des chiffres et «\u00a0_\u00a0», commence par une lettre et compte au plus 64 caractères.',
  environment_variable_read_only:
    '{{name}} vient de la configuration du serveur\u00a0: modifiez-la là où le serveur est déployé.',
  environment_variable_not_found: 'Il n’existe pas de variable {{name}}.',
  redirect_source_invalid:
    'La source est un chemin de l’application comme /ancienne/page\u00a0: elle commence par «\u00a0/\u00a0», n’est pas «\u00a0/\u00a0» seul, ne contient ni «\u00a0?\u00a0», ni «\u00a0#\u00a0», ni espace, ni «\u00a0\\\u00a0», et n’est pas un chemin d’API (/v1, /api).',
  redirect_target_invalid: {
    default: 'La cible est un chemin comme /nouvelle/page ou une adresse http(s).',
    protocol_relative: 'Écrivez une cible externe avec son protocole\u00a0: https://….',
    protocol: 'La cible est un chemin comme /nouvelle/page, ou une adresse commençant par http:// ou https://.',
  },
  redirect_loop: {
    self: 'Un chemin ne peut pas rediriger vers lui-même.',
    cycle: 'Cette cible ramène à {{path}} par d’autres redirections.',
    chain: 'Cette cible passe par plus de {{max, number}} redirections\u00a0; dirigez la source vers la page finale.',
  },
  redirect_not_found: 'Il n’existe pas de redirection depuis {{path}}.',
  projection_not_found: 'Il n’existe pas de projection nommée «\u00a0{{name}}\u00a0».',
  projection_not_stopped: 'Cette projection n’est pas arrêtée\u00a0; il n’y a rien à reprendre.',
  webhook_not_found: 'Ce point de terminaison de webhook n’existe pas.',
  webhook_exists: 'Ce point de terminaison de webhook existe déjà.',
  invalid_webhook_url: {
    default: 'L’URL d’un webhook est une adresse http(s) d’au plus {{max, number}} caractères.',
    credentials: 'L’URL d’un webhook ne doit contenir ni nom d’utilisateur ni mot de passe.',
  },
  invalid_webhook_events: 'Abonnez-vous à au moins un de ces événements\u00a0: {{types}}.',
  invalid_webhook_description: 'Une description compte au plus {{max, number}} caractères.',
  invalid_webhook_credit_threshold: 'Un seuil de crédits bas est un nombre entier de crédits, au moins 1.',
  invalid_webhook_grace_period:
    'Une période de grâce est un nombre entier de secondes de 0 à {{max, number}} (une semaine).',
  webhook_url_refused:
    'Les webhooks ne peuvent pas être envoyés à cette adresse\u00a0: utilisez une adresse https publique (les réseaux privés, locaux et de lien local sont refusés sauf si le déploiement définit WEBHOOK_ALLOW_PRIVATE_NETWORK=true).',
  webhook_delivery_not_found: 'Cette livraison n’existe pas.',
  webhook_delivery_in_progress:
    'Cette livraison est encore en cours d’essai\u00a0; renvoyez-la une fois qu’elle a réussi ou échoué.',
};
