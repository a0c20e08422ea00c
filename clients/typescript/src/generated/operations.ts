// Generated from openapi.yaml by `npm run codegen`. Do not edit by hand.
export const operations = {
  "listMemories": {
    "method": "get",
    "path": "/memories"
  },
  "createMemory": {
    "method": "post",
    "path": "/memories"
  },
  "searchMemories": {
    "method": "get",
    "path": "/memories/search"
  },
  "batchGetMemories": {
    "method": "get",
    "path": "/memories/batch"
  },
  "listTrashedMemories": {
    "method": "get",
    "path": "/memories/trash"
  },
  "restoreMemory": {
    "method": "post",
    "path": "/memories/{id}/restore"
  },
  "getMemory": {
    "method": "get",
    "path": "/memories/{id}"
  },
  "updateMemory": {
    "method": "patch",
    "path": "/memories/{id}"
  },
  "deleteMemory": {
    "method": "delete",
    "path": "/memories/{id}"
  },
  "listMemoryRevisions": {
    "method": "get",
    "path": "/memories/{id}/revisions"
  },
  "getMemoryRevision": {
    "method": "get",
    "path": "/memories/{id}/revisions/{revision}"
  },
  "listMemorySubjects": {
    "method": "get",
    "path": "/memories/{id}/subjects"
  },
  "getContextMap": {
    "method": "get",
    "path": "/memories/{id}/context-map"
  },
  "listSubjects": {
    "method": "get",
    "path": "/subjects"
  },
  "createSubject": {
    "method": "post",
    "path": "/subjects"
  },
  "getSubject": {
    "method": "get",
    "path": "/subjects/{subject_id}"
  },
  "updateSubject": {
    "method": "patch",
    "path": "/subjects/{subject_id}"
  },
  "deleteSubject": {
    "method": "delete",
    "path": "/subjects/{subject_id}"
  },
  "prepareSubjectDeletion": {
    "method": "post",
    "path": "/subjects/{subject_id}/deletion/prepare"
  },
  "listSubjectMemories": {
    "method": "get",
    "path": "/subjects/{subject_id}/memories"
  },
  "linkMemory": {
    "method": "post",
    "path": "/subjects/{subject_id}/memories"
  },
  "unlinkMemory": {
    "method": "delete",
    "path": "/subjects/{subject_id}/memories/{memory_id}"
  },
  "getSubjectContext": {
    "method": "get",
    "path": "/subjects/{subject_id}/context"
  },
  "listSubjectFacts": {
    "method": "get",
    "path": "/subjects/{subject_id}/facts"
  },
  "listFactSuggestions": {
    "method": "get",
    "path": "/subjects/{subject_id}/fact-suggestions"
  },
  "createFactSuggestion": {
    "method": "post",
    "path": "/subjects/{subject_id}/fact-suggestions"
  },
  "listMemoryInsights": {
    "method": "get",
    "path": "/subjects/{subject_id}/memory-insights"
  },
  "listAccountFactSuggestions": {
    "method": "get",
    "path": "/fact-suggestions"
  },
  "listAccountMemoryInsights": {
    "method": "get",
    "path": "/memory-insights"
  },
  "acceptFactSuggestion": {
    "method": "post",
    "path": "/fact-suggestions/{suggestion_id}/accept"
  },
  "rejectFactSuggestion": {
    "method": "post",
    "path": "/fact-suggestions/{suggestion_id}/reject"
  },
  "dismissMemoryInsight": {
    "method": "post",
    "path": "/memory-insights/{insight_id}/dismiss"
  },
  "getWorkspaceProfile": {
    "method": "get",
    "path": "/context/workspace-profile"
  },
  "updateWorkspaceProfile": {
    "method": "put",
    "path": "/context/workspace-profile"
  },
  "getStartupContext": {
    "method": "get",
    "path": "/context/startup"
  },
  "resumeContext": {
    "method": "get",
    "path": "/context/resume"
  },
  "searchLibraryTemplates": {
    "method": "get",
    "path": "/library/templates"
  },
  "getLibraryTemplate": {
    "method": "get",
    "path": "/library/templates/{template_id}"
  },
  "readLibraryTemplateFiles": {
    "method": "get",
    "path": "/library/templates/{template_id}/files"
  },
  "copyLibraryTemplate": {
    "method": "post",
    "path": "/library/templates/{template_id}/copy"
  },
  "getCreatorStatus": {
    "method": "get",
    "path": "/library/creator/status"
  },
  "readTemplateDraft": {
    "method": "post",
    "path": "/library/templates/{template_id}/read"
  },
  "updateTemplateDraft": {
    "method": "put",
    "path": "/library/templates/{template_id}/draft"
  },
  "runTemplateWorkflow": {
    "method": "post",
    "path": "/library/templates/workflow"
  },
  "getPrincipal": {
    "method": "get",
    "path": "/principal"
  },
  "exportAccount": {
    "method": "get",
    "path": "/export"
  },
  "importAccount": {
    "method": "post",
    "path": "/import"
  },
  "listApiKeys": {
    "method": "get",
    "path": "/account/api-keys"
  },
  "createApiKey": {
    "method": "post",
    "path": "/account/api-keys"
  },
  "getApiKey": {
    "method": "get",
    "path": "/account/api-keys/{key_id}"
  },
  "revokeApiKey": {
    "method": "delete",
    "path": "/account/api-keys/{key_id}"
  },
  "rotateApiKey": {
    "method": "post",
    "path": "/account/api-keys/{key_id}/rotate"
  },
  "listApiKeyActivity": {
    "method": "get",
    "path": "/account/api-keys/{key_id}/activity"
  },
  "listConnections": {
    "method": "get",
    "path": "/account/connections"
  },
  "getConnection": {
    "method": "get",
    "path": "/account/connections/{connection_id}"
  },
  "revokeConnection": {
    "method": "delete",
    "path": "/account/connections/{connection_id}"
  },
  "listConnectionActivity": {
    "method": "get",
    "path": "/account/connections/{connection_id}/activity"
  }
} as const;

export type OperationId = keyof typeof operations;
