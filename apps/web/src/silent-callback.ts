import { UserManager } from "oidc-client-ts";

// The hidden frame of a silent sign-in lands here and hands the answer to its parent.
void new UserManager({ authority: "", client_id: "", redirect_uri: "" }).signinSilentCallback();
