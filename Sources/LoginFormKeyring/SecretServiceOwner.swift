import CSecret
import LoginFormFrontEnd

/// Who owns the Secret Service's bus name, asked of the bus itself
/// (`GetConnectionUnixUser`): gpg-agent hands its pinentry the *client's*
/// session bus address, which a sandboxed client can point at a bus where
/// its own service holds the name.
enum SecretServiceOwner {
  static let busName = "org.freedesktop.secrets"

  /// The owner's user id, or nil when nobody owns the name.
  static func userID(on connection: OpaquePointer) -> Result<
    Int?, KeyringFailure
  > {
    KeyringCall.run { cancellable, callback, data in
      var argument = g_variant_new_string(busName)
      let parameters = g_variant_new_tuple(&argument, 1)
      g_dbus_connection_call(
        connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
        "GetConnectionUnixUser", parameters, nil, G_DBUS_CALL_FLAGS_NONE, -1, cancellable,
        callback, data)
    } finish: { result in
      var error: UnsafeMutablePointer<GError>?
      guard let reply = g_dbus_connection_call_finish(connection, result, &error) else {
        if let error, let remote = g_dbus_error_get_remote_error(error) {
          defer { g_free(remote) }
          if String(cString: remote) == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            g_error_free(error)
            return .success(nil)
          }
        }
        return .failure(KeyringCall.failure(error))
      }
      defer { g_variant_unref(reply) }
      guard g_variant_is_of_type(reply, g_variant_type_checked_("(u)")) != 0 else {
        return .failure(.failed("GetConnectionUnixUser gave no user id"))
      }
      let child = g_variant_get_child_value(reply, 0)
      defer { g_variant_unref(child) }
      return .success(Int(g_variant_get_uint32(child)))
    }
  }
}
