"""Front ends in plain lines: play --plain and the host/join console."""
